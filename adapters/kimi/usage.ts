/**
 * Kimi CLI and Kimi Code (Moonshot AI) write a `wire.jsonl` per session (per
 * agent for Kimi Code):
 *
 * - Kimi CLI: `<share>/sessions/<group>/<session>/wire.jsonl`, where `<share>`
 *   is each entry of `$KIMI_DATA_DIR` (a comma list, as ccusage reads it),
 *   else `$KIMI_SHARE_DIR`, else `~/.kimi`. Usage is on `StatusUpdate`
 *   messages: `payload.token_usage.{input_other, input_cache_read,
 *   input_cache_creation, output}` (already disjoint) with `message_id`; a
 *   message's usage may be updated, so a request is (session, `message_id`)
 *   and the largest update counts. The model is not logged per line: it is
 *   the `model` of `<share>/config.json` when there is one.
 * - Kimi Code: `$KIMI_CODE_HOME` (else `~/.kimi-code`)
 *   `/sessions/<workspace>/<session>/agents/<agent>/wire.jsonl`. Each model
 *   call writes a `usage.record` line (`usage.{inputOther, inputCacheRead,
 *   inputCacheCreation, output}`, `model`, `time` in ms); only
 *   `usageScope: "turn"` records are calls (others are session bookkeeping,
 *   and `step.end` repeats the same usage). The concrete model is the
 *   preceding `llm.request`'s when the record names a config alias.
 *
 * Source: tokscale `crates/tokscale-core/src/sessions/kimi.rs`, ccusage
 * `adapter/kimi/{paths,parser}.rs`, notes/usage-formats.md §4.
 *
 * @module
 */

import { join } from "node:path";
import { probeText } from "../../usage/_probe.ts";
import type { UsageTokens } from "../../core/usage_types.ts";
import type { UsageReader, UsageSource } from "../../usage/reader.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { homeContext, type HomeEnv } from "../paths.ts";
import { kimiCodeDir, kimiDataDirs } from "./home.ts";

/** Kimi CLI's share folders for `host` (adapters/kimi/home.ts). */
export function kimiShareDirs(host: HomeEnv): string[] {
  return kimiDataDirs.all(homeContext(host));
}

/** Kimi Code's home folder for `host`. */
export function kimiCodeHome(host: HomeEnv): string {
  return kimiCodeDir(homeContext(host));
}

function configModel(share: string): string | undefined {
  try {
    const config = JSON.parse(probeText(join(share, "config.json")));
    const model = config?.model ?? config?.default_model;
    return typeof model === "string" && model ? model : undefined;
  } catch {
    return undefined;
  }
}

/** A Kimi Code model id, or undefined for a symbolic config reference (`__kimi_env_model__`). */
function concreteModel(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const id = value.trim().replace(/^kimi-code\//, "");
  return id && !/^__.+__$/.test(id) ? id : undefined;
}

function tokens(input: unknown, read: unknown, write: unknown, output: unknown): UsageTokens {
  return {
    input: count(input),
    cacheRead: count(read),
    cacheWrite: count(write),
    cacheWrite1h: 0,
    output: count(output),
    reasoning: 0,
  };
}

interface Line {
  type?: unknown;
  timestamp?: unknown;
  time?: unknown;
  model?: unknown;
  usageScope?: unknown;
  usage?: Record<string, unknown>;
  message?: {
    type?: unknown;
    payload?: { message_id?: unknown; token_usage?: Record<string, unknown> };
  };
}

/** The Kimi reader. */
export const reader: UsageReader = {
  id: "kimi",
  version: 1,
  confidence: "host-reported",
  async sources(machine, list) {
    const out: UsageSource[] = [];
    for (const share of kimiShareDirs(machine)) {
      const model = configModel(share);
      const found = await list.files([join(share, "sessions")], {
        ext: ["wire.jsonl"],
        filter: (rel) => rel.split(/[\\/]/).length === 3,
      });
      for (const s of found) {
        s.meta = { ...s.meta, kind: "cli", ...(model ? { model } : {}) };
        out.push(s);
      }
    }
    const code = await list.files([join(kimiCodeHome(machine), "sessions")], {
      ext: ["wire.jsonl"],
      filter: (rel) => {
        const parts = rel.split(/[\\/]/);
        return parts.length === 5 && parts[2] === "agents";
      },
    });
    for (const s of code) s.meta = { ...s.meta, kind: "code" };
    return [...out, ...code];
  },
  jsonl: {
    markers: ['"StatusUpdate"', '"usage.record"', '"llm.request"'],
    pick: {
      type: true,
      timestamp: true,
      time: true,
      model: true,
      usageScope: true,
      usage: true,
      message: { type: true, payload: { message_id: true, token_usage: true } },
    },
    open(sink, saved) {
      const meta = sink.source.meta ?? {};
      const parts = (meta.rel ?? "").split(/[\\/]/);
      const project = parts[0] ?? "";
      const session = parts[1] ?? "";
      const where = sink.source.key ?? sink.source.path;
      const st = { model: (saved as { model?: string } | undefined)?.model };
      return {
        line(value, at) {
          const line = value as Line | null;
          if (!line || typeof line !== "object") return;
          if (meta.kind === "code") {
            if (line.type === "llm.request") {
              st.model = concreteModel(line.model) ?? st.model;
              return;
            }
            const u = line.usage;
            if (line.type !== "usage.record" || line.usageScope !== "turn" || !u) return;
            sink.emit({
              key: `${where}@${at}`,
              ts: typeof line.time === "number" && line.time > 0 ? line.time : NaN,
              sessionId: session,
              projectKey: project,
              modelId: concreteModel(line.model) ?? st.model,
              tokens: tokens(u.inputOther, u.inputCacheRead, u.inputCacheCreation, u.output),
            });
            return;
          }
          const m = line.message;
          const u = m?.payload?.token_usage;
          if (m?.type !== "StatusUpdate" || !u || typeof u !== "object") return;
          const id = m.payload?.message_id;
          const ts = Math.floor(parseTs(line.timestamp));
          sink.emit({
            key: typeof id === "string" && id ? `${session}:${id}` : `${where}@${at}`,
            ts: ts > 0 ? ts : NaN,
            sessionId: session,
            projectKey: project,
            modelId: meta.model,
            tokens: tokens(u.input_other, u.input_cache_read, u.input_cache_creation, u.output),
          });
        },
        save: () => st,
      };
    },
  },
};
