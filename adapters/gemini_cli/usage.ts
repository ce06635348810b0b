/**
 * Gemini CLI: chats under `~/.gemini/tmp/<project>/chats/` (`GEMINI_DATA_DIR`,
 * a comma list, replaces `~/.gemini/tmp`; `GEMINI_CLI_HOME` moves `~`). Old
 * chats are one JSON document (`session-*.json`), newer ones JSONL: a metadata
 * line, then messages re-appended under the same `id` each time they change,
 * plus `$set` / `$patch` lines. Subagent chats sit in `chats/<parent>/`.
 *
 * A request is (`sessionId`, message `id`), across both kinds, so a chat
 * migrated from `.json` to `.jsonl` counts once. `tokens.input` includes
 * `cached`; `thoughts` are billed as output but are not in `output`; `tool`
 * (tool-use prompt tokens) is input (notes/usage-formats.md §3).
 *
 * @module
 */

import type { UsageTokens } from "../../core/usage_types.ts";
import type { DecodeSink, UsageReader } from "../../usage/reader.ts";
import { homeContext } from "../paths.ts";
import { geminiChatRoots } from "./home.ts";
import { count, parseTs } from "../../usage/tokens.ts";

/** The folders holding Gemini CLI's per-project chat folders. */
export function geminiRoots(
  host: { home: string; env: Record<string, string | undefined> },
): string[] {
  return geminiChatRoots.all(homeContext(host));
}

/** Converts Gemini's `tokens` object into the four disjoint counts. */
export function geminiTokens(t: Record<string, unknown>): UsageTokens {
  const input = count(t.input);
  const cached = count(t.cached);
  const output = count(t.output);
  const thoughts = count(t.thoughts);
  const tool = count(t.tool);
  // `input` includes `cached` unless `total` proves the net shape.
  const net = cached > 0 && t.total === input + cached + output + thoughts + tool;
  const cacheRead = net ? cached : Math.min(cached, input);
  return {
    input: (net ? input : input - cacheRead) + tool,
    cacheRead,
    cacheWrite: 0,
    cacheWrite1h: 0,
    output: output + thoughts,
    reasoning: thoughts,
  };
}

function message(
  sink: DecodeSink,
  session: string,
  project: string,
  m: Record<string, unknown>,
): void {
  if (m.type !== "gemini" || !m.tokens || typeof m.tokens !== "object") return;
  const id = typeof m.id === "string" ? m.id : undefined;
  if (!id) return;
  sink.emit({
    key: `${session}:${id}`,
    ts: parseTs(m.timestamp),
    sessionId: session,
    projectKey: project,
    modelId: typeof m.model === "string" ? m.model : undefined,
    tokens: geminiTokens(m.tokens as Record<string, unknown>),
  });
}

function where(sink: DecodeSink): { project: string; stem: string } {
  const rel = sink.source.meta?.rel ?? "";
  const parts = rel.split(/[\\/]/);
  const file = parts[parts.length - 1] ?? "";
  return { project: parts.length > 2 ? parts[0] : "", stem: file.replace(/\.jsonl?$/, "") };
}

/** The Gemini CLI reader. */
export const reader: UsageReader = {
  id: "gemini-cli",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files(geminiRoots(machine), {
      ext: [".json", ".jsonl"],
      filter: (rel) => rel.split(/[\\/]/).includes("chats"),
    });
  },
  jsonl: {
    markers: ['"tokens"', '"sessionId"'],
    pick: {
      id: true,
      type: true,
      timestamp: true,
      model: true,
      tokens: true,
      sessionId: true,
      $set: true,
    },
    open(sink, saved) {
      const { project, stem } = where(sink);
      const st = { session: (saved as { session?: string } | undefined)?.session };
      return {
        line(value) {
          if (!value || typeof value !== "object") return;
          const v = value as Record<string, unknown>;
          const set = v.$set as Record<string, unknown> | undefined;
          if (set && typeof set.sessionId === "string") st.session = set.sessionId;
          if (typeof v.sessionId === "string" && v.id === undefined) {
            st.session = v.sessionId;
            return;
          }
          message(sink, st.session ?? stem, project, v);
        },
        save: () => st,
      };
    },
  },
  json: {
    markers: ['"tokens"'],
    decode(value, sink) {
      if (!value || typeof value !== "object") return;
      const doc = value as { sessionId?: unknown; messages?: unknown };
      if (!Array.isArray(doc.messages)) return;
      const { project, stem } = where(sink);
      const session = typeof doc.sessionId === "string" ? doc.sessionId : stem;
      for (const m of doc.messages) {
        if (m && typeof m === "object") {
          message(sink, session, project, m as Record<string, unknown>);
        }
      }
    },
  },
};
