/**
 * Grok Build (xAI's CLI): `${GROK_HOME:-~/.grok}/sessions/<url-encoded cwd>/<session>/updates.jsonl`,
 * ACP `session/update` lines. Usage is logged per turn, not per request:
 * `turn_completed.usage` with `modelCalls`, `costUsdTicks` (1e-10 USD, the
 * host's own cost) and a `modelUsage` split per model, which becomes one
 * record per model. `inputTokens` includes cache reads and writes; `outputTokens`
 * includes reasoning. A cancelled turn has no usage (notes/usage-formats.md §4).
 *
 * @module
 */

import type { ReaderRecord, UsageReader } from "../../usage/reader.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { homeContext } from "../paths.ts";
import { grokHome } from "./home.ts";

function tokens(u: Record<string, unknown>): ReaderRecord["tokens"] {
  const input = count(u.inputTokens);
  const cacheRead = Math.min(count(u.cachedReadTokens), input);
  const cacheWrite = Math.min(count(u.cacheCreationTokens), input - cacheRead);
  const output = count(u.outputTokens);
  return {
    input: input - cacheRead - cacheWrite,
    cacheRead,
    cacheWrite,
    cacheWrite1h: 0,
    output,
    reasoning: Math.min(count(u.reasoningTokens), output),
  };
}

const usd = (
  ticks: unknown,
) => (typeof ticks === "number" && ticks >= 0 ? ticks / 1e10 : undefined);

/** The Grok Build reader. */
export const reader: UsageReader = {
  id: "grok-build",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  version: 2,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files([grokHome.join("sessions")(homeContext(machine))], {
      ext: ["updates.jsonl"],
    });
  },
  jsonl: {
    markers: ['"turn_completed"'],
    pick: {
      timestamp: true,
      params: { sessionId: true, update: { sessionUpdate: true, prompt_id: true, usage: true } },
    },
    open(sink) {
      const rel = (sink.source.meta?.rel ?? "").split(/[\\/]/);
      let project = "";
      try {
        project = rel.length > 2 ? decodeURIComponent(rel[0]) : "";
      } catch {
        project = rel[0] ?? "";
      }
      const fileSession = rel.length > 2 ? rel[rel.length - 2] : "";
      return {
        line(value) {
          const v = value as {
            timestamp?: unknown;
            params?: { sessionId?: unknown; update?: Record<string, unknown> };
          };
          const update = v?.params?.update;
          if (!update || update.sessionUpdate !== "turn_completed") return;
          const u = update.usage as
            | Record<string, unknown> & { modelUsage?: Record<string, Record<string, unknown>> }
            | undefined;
          if (!u || typeof u !== "object") return;
          const session = typeof v.params?.sessionId === "string"
            ? v.params.sessionId
            : fileSession;
          const turn = String(update.prompt_id ?? v.timestamp);
          const ts = parseTs(v.timestamp);
          const base = { ts, sessionId: session, projectKey: project };
          const split = u.modelUsage && typeof u.modelUsage === "object"
            ? Object.entries(u.modelUsage)
            : [];
          if (split.length === 0) {
            sink.emit({
              ...base,
              key: `${session}:${turn}`,
              tokens: tokens(u),
              costUsd: usd(u.costUsdTicks),
            });
            return;
          }
          for (const [model, mu] of split) {
            if (!mu || typeof mu !== "object") continue;
            sink.emit({
              ...base,
              key: `${session}:${turn}:${model}`,
              modelId: model,
              tokens: tokens(mu),
              costUsd: usd(mu.costUsdTicks),
            });
          }
        },
        save: () => null,
      };
    },
  },
};
