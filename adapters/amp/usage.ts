/**
 * Amp (Sourcegraph): one JSON document per thread,
 * `threads/T-<uuid>.json`, in `$AMP_DATA_DIR` (a comma list, as ccusage
 * reads it), else `${XDG_DATA_HOME:-~/.local/share}/amp`.
 *
 * Newer threads carry a `usageLedger.events[]`: one event per model call
 * (`id`, `timestamp`, `model`, `tokens.{input, output}`, `credits`,
 * `toMessageId`); the cache counts of that call are on the assistant message
 * it produced (`messages[].usage.cacheCreationInputTokens`,
 * `cacheReadInputTokens`, matched by `messageId`). Older threads have only
 * `messages[].usage` (`model`, `timestamp`, `inputTokens`, `outputTokens`,
 * `cacheCreationInputTokens`, `cacheReadInputTokens`). Input excludes the
 * cache, Anthropic-style. A request is the ledger event id (else the message
 * id) within its thread. Credits are Amp's own unit, not USD, and are not
 * taken as a cost. Source: ccusage `adapter/amp/{README.md,paths,parser}.rs`,
 * notes/usage-formats.md §4.
 *
 * @module
 */

import { join } from "node:path";
import type { UsageTokens } from "../../core/usage_types.ts";
import type { DecodeSink, UsageReader } from "../../usage/reader.ts";
import { envList } from "../../usage/_walk.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { type HostHome, xdgDataHome } from "../../usage/readers/_homes.ts";

/** Amp's data folders for `host` (its config folder is in home.ts). */
export function ampRoots(host: HostHome): string[] {
  const custom = envList(host.env.AMP_DATA_DIR);
  return custom.length > 0 ? custom : [join(xdgDataHome(host), "amp")];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Obj : undefined;
const text = (v: unknown): string | undefined => typeof v === "string" && v ? v : undefined;

function tokens(input: number, output: number, read: number, write: number, total: number) {
  const t: UsageTokens = {
    input,
    cacheRead: read,
    cacheWrite: write,
    cacheWrite1h: 0,
    output,
    reasoning: 0,
  };
  // Only a total logged: count it as output, as ccusage does.
  if (input + output + read + write === 0) t.output = total;
  return t;
}

function decodeThread(doc: Obj, sink: DecodeSink): void {
  const stem = (sink.source.path.split(/[\\/]/).pop() ?? "").replace(/\.json$/, "");
  const thread = text(doc.id) ?? stem;
  const messages = Array.isArray(doc.messages) ? doc.messages.map(obj) : [];
  const events = obj(doc.usageLedger)?.events;
  if (Array.isArray(events)) {
    const cache = new Map<number, [number, number]>();
    for (const m of messages) {
      const usage = obj(m?.usage);
      if (m?.role === "assistant" && typeof m.messageId === "number" && usage) {
        cache.set(m.messageId, [
          count(usage.cacheCreationInputTokens),
          count(usage.cacheReadInputTokens),
        ]);
      }
    }
    events.forEach((value, i) => {
      const e = obj(value);
      const t = obj(e?.tokens);
      if (!e || !t) return;
      const [write, read] = typeof e.toMessageId === "number"
        ? cache.get(e.toMessageId) ?? [0, 0]
        : [0, 0];
      sink.emit({
        key: `${thread}:${text(e.id) ?? `#${i}`}`,
        ts: parseTs(e.timestamp),
        sessionId: thread,
        projectKey: "",
        modelId: text(e.model),
        tokens: tokens(count(t.input), count(t.output), read, write, count(t.total)),
      });
    });
    return;
  }
  messages.forEach((m, i) => {
    const u = obj(m?.usage);
    if (!m || m.role !== "assistant" || !u) return;
    const id = typeof m.messageId === "number" || typeof m.messageId === "string"
      ? String(m.messageId)
      : `#${i}`;
    sink.emit({
      key: `${thread}:m${id}`,
      ts: parseTs(u.timestamp ?? m.timestamp),
      sessionId: thread,
      projectKey: "",
      modelId: text(u.model) ?? text(m.model),
      tokens: tokens(
        count(u.inputTokens),
        count(u.outputTokens),
        count(u.cacheReadInputTokens),
        count(u.cacheCreationInputTokens),
        count(u.totalTokens),
      ),
    });
  });
}

/** The Amp reader. */
export const reader: UsageReader = {
  id: "amp",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files(ampRoots(machine).map((r) => join(r, "threads")), { ext: [".json"] });
  },
  json: {
    markers: ['"usage', '"tokens"'],
    decode(value, sink) {
      const doc = obj(value);
      if (doc) decodeThread(doc, sink);
    },
  },
};
