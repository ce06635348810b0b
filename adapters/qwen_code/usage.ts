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
 * Qwen Code 0.15.10 (measured in the real-host lab, tests/lab) also logs every
 * model response as a `system` line of subtype `ui_telemetry` whose
 * `systemPayload.uiEvent` is `qwen-code.api_response` with `response_id`,
 * `model` and `input_token_count` (cache included), `output_token_count`,
 * `cached_content_token_count`, `thoughts_token_count`. A response of the
 * main loop is followed by its assistant line (whose `parentUuid` is the
 * telemetry line); the memory-extraction subagent's responses have only the
 * telemetry. So the telemetry lines are the requests, and an assistant line
 * right after one is not counted again; files without them count assistant
 * lines as before.
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
  // 2: `qwen-code.api_response` telemetry lines are the requests where present.
  version: 2,
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
    markers: ['"usageMetadata"', '"qwen-code.api_response"'],
    pick: {
      type: true,
      uuid: true,
      parentUuid: true,
      sessionId: true,
      timestamp: true,
      model: true,
      usageMetadata: true,
      subtype: true,
      systemPayload: { uiEvent: true },
    },
    open(sink, saved) {
      // The uuid of the last api_response telemetry line: its assistant line follows it.
      const st: { last?: string } = { ...(saved as object | undefined) };
      const emit = (
        id: string | undefined,
        ts: unknown,
        session: string,
        modelName: unknown,
        u: Record<string, unknown>,
      ) => {
        const prompt = count(u.promptTokenCount) + count(u.toolUsePromptTokenCount);
        const cached = Math.min(count(u.cachedContentTokenCount), prompt);
        const thoughts = count(u.thoughtsTokenCount);
        let output = count(u.candidatesTokenCount) + thoughts;
        if (prompt === 0 && output === 0) output = count(u.totalTokenCount);
        const model = typeof modelName === "string" && modelName ? modelName : undefined;
        sink.emit({
          key: id ?? JSON.stringify([session, ts, model, prompt, cached, output]),
          ts: parseTs(ts),
          sessionId: session,
          projectKey: project,
          modelId: model,
          tokens: {
            input: prompt - cached,
            cacheRead: cached,
            cacheWrite: 0,
            cacheWrite1h: 0,
            output,
            reasoning: Math.min(thoughts, output),
          },
        });
      };
      const parts = (sink.source.meta?.rel ?? "").split(/[\\/]/);
      const project = parts[0] ?? "";
      const stem = (parts[2] ?? "").replace(/\.jsonl$/, "");
      return {
        line(value) {
          const v = value as Record<string, unknown> | null;
          if (!v || typeof v !== "object") return;
          const session = typeof v.sessionId === "string" && v.sessionId
            ? v.sessionId
            : `${project}-${stem}`;
          const event = (v.systemPayload as { uiEvent?: Record<string, unknown> } | undefined)
            ?.uiEvent;
          if (v.type === "system" && event?.["event.name"] === "qwen-code.api_response") {
            if (typeof v.uuid === "string") st.last = v.uuid;
            const id = typeof event.response_id === "string" && event.response_id
              ? event.response_id
              : v.uuid;
            emit(`${session}:${id}`, v.timestamp, session, event.model, {
              promptTokenCount: event.input_token_count,
              candidatesTokenCount: event.output_token_count,
              cachedContentTokenCount: event.cached_content_token_count,
              thoughtsTokenCount: event.thoughts_token_count,
              totalTokenCount: event.total_token_count,
            });
            return;
          }
          if (v.type !== "assistant") return;
          if (st.last !== undefined && v.parentUuid === st.last) return; // counted above
          const u = v.usageMetadata as Record<string, unknown> | undefined;
          if (!u || typeof u !== "object") return;
          const key = typeof v.uuid === "string" && v.uuid ? v.uuid : undefined;
          emit(key, v.timestamp, session, v.model, u);
        },
        save: () => st,
      };
    },
  },
};
