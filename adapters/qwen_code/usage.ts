/**
 * Qwen Code: `~/.qwen/projects/<project>/chats/*.jsonl`, moved by
 * `QWEN_RUNTIME_DIR` or `QWEN_HOME` ({@link qwenRoots}; ccusage's
 * `QWEN_DATA_DIR`, a comma list of Qwen dirs, wins over both). Assistant lines carry
 * Gemini-style `usageMetadata`: `promptTokenCount` includes
 * `cachedContentTokenCount`, and `thoughtsTokenCount` is billed as output but
 * not inside `candidatesTokenCount` (notes/usage-formats.md §4).
 *
 * A request is the line's `uuid`, else its session, time, model and counts.
 *
 * @module
 */

import type { UsageReader } from "../../usage/reader.ts";
import { homeContext } from "../paths.ts";
import { qwenDataDirs } from "./home.ts";
import { count, parseTs } from "../../usage/tokens.ts";

/**
 * Qwen Code's `projects` folders for `host`: ccusage's `QWEN_DATA_DIR` list
 * when set, else Qwen's own runtime folder — `$QWEN_RUNTIME_DIR`, else
 * `$QWEN_HOME`, else `~/.qwen` (Qwen's `Storage.getRuntimeBaseDir`, whose
 * `projects/` the `/insight` command reads; a relative value is taken from
 * the working folder, a leading `~` from home).
 */
export function qwenRoots(
  host: { home: string; env: Record<string, string | undefined>; cwd?: string },
): string[] {
  return qwenDataDirs.join("projects").all(homeContext(host));
}

/** The Qwen Code reader. */
export const reader: UsageReader = {
  id: "qwen-code",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files(qwenRoots(machine), {
      ext: [".jsonl"],
      filter: (rel) => {
        const parts = rel.split(/[\\/]/);
        return parts.length === 3 && parts[1] === "chats";
      },
    });
  },
  jsonl: {
    markers: ['"usageMetadata"'],
    pick: {
      type: true,
      uuid: true,
      sessionId: true,
      timestamp: true,
      model: true,
      usageMetadata: true,
    },
    open(sink) {
      const parts = (sink.source.meta?.rel ?? "").split(/[\\/]/);
      const project = parts[0] ?? "";
      const stem = (parts[2] ?? "").replace(/\.jsonl$/, "");
      return {
        line(value) {
          const v = value as Record<string, unknown> | null;
          if (!v || typeof v !== "object" || v.type !== "assistant") return;
          const u = v.usageMetadata as Record<string, unknown> | undefined;
          if (!u || typeof u !== "object") return;
          const prompt = count(u.promptTokenCount) + count(u.toolUsePromptTokenCount);
          const cached = Math.min(count(u.cachedContentTokenCount), prompt);
          const thoughts = count(u.thoughtsTokenCount);
          let output = count(u.candidatesTokenCount) + thoughts;
          if (prompt === 0 && output === 0) output = count(u.totalTokenCount);
          const session = typeof v.sessionId === "string" && v.sessionId
            ? v.sessionId
            : `${project}-${stem}`;
          const model = typeof v.model === "string" && v.model ? v.model : undefined;
          const tokens = {
            input: prompt - cached,
            cacheRead: cached,
            cacheWrite: 0,
            cacheWrite1h: 0,
            output,
            reasoning: Math.min(thoughts, output),
          };
          const key = typeof v.uuid === "string" && v.uuid
            ? v.uuid
            : JSON.stringify([session, v.timestamp, model, prompt, cached, output]);
          sink.emit({
            key,
            ts: parseTs(v.timestamp),
            sessionId: session,
            projectKey: project,
            modelId: model,
            tokens,
          });
        },
        save: () => null,
      };
    },
  },
};
