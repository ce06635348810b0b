/**
 * Continue (the `cn` CLI and the IDE extensions): one JSON file per session,
 * `<global>/sessions/<id>.json`, where `<global>` is `$CONTINUE_GLOBAL_DIR`
 * (a relative value taken from the working folder) or `~/.continue`
 * (continuedev/continue@d0a3c0b626b5bebc3bef4742eec05a0242be0bab
 * core/util/paths.ts `CONTINUE_GLOBAL_DIR`, `getSessionFilePath`).
 * `sessions/sessions.json` is the index, not a session.
 *
 * The document is `{sessionId, title, workspaceDirectory, history, usage}`.
 * Each assistant item of `history` carries the usage of the model call that
 * produced it in `message.usage`; one record per such message, keyed by the
 * session and its place in the history. Two spellings are read:
 *
 * - cn writes the provider's raw OpenAI-format usage, plus `model` and
 *   `cost_cents` (extensions/cli/src/stream/streamChatResponse.ts passes
 *   `fullUsage`): `prompt_tokens`, `completion_tokens`,
 *   `prompt_tokens_details.cached_tokens`,
 *   `completion_tokens_details.reasoning_tokens`. OpenAI's `prompt_tokens`
 *   includes the cached part. Continue's Anthropic adapter instead writes
 *   Anthropic's uncached `input_tokens` as `prompt_tokens` and adds
 *   `cache_read_tokens` / `cache_write_tokens`
 *   (packages/openai-adapters/src/apis/Anthropic.ts): those keys mark it.
 * - the IDE's `Usage` (core/index.d.ts): `promptTokens`, `completionTokens`,
 *   `promptTokensDetails.{cachedTokens, cacheWriteTokens}`,
 *   `completionTokensDetails.reasoningTokens`; only the Anthropic provider
 *   fills the details (core/llm/llms/Anthropic.ts), with both keys and an
 *   uncached `promptTokens`.
 *
 * The session's own `usage` total is not used: cn 1.5.47 sums it from
 * `cache_read_tokens`, which OpenAI-format providers do not send, so it
 * reports `cachedTokens: 0` where the messages hold the real counts
 * (streamChatResponse.helpers.ts; measured in the real cn 1.5.47,
 * tests/fixtures/usage/continue/). Messages carry no time, so records take
 * the file's mtime (the session's last write).
 *
 * @module
 */

import type { ReaderRecord, UsageReader } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { homeContext } from "../paths.ts";
import { continueGlobalDir } from "./home.ts";
import type { UsageTokens } from "../../core/usage_types.ts";

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Json : undefined;

/** The four buckets of one message's `usage`, in either spelling; undefined when it has none. */
export function continueMessageTokens(usage: Json): UsageTokens | undefined {
  const raw = usage.prompt_tokens !== undefined || usage.completion_tokens !== undefined;
  const camel = usage.promptTokens !== undefined || usage.completionTokens !== undefined;
  if (!raw && !camel) return undefined;
  const prompt = count(raw ? usage.prompt_tokens : usage.promptTokens);
  const output = count(raw ? usage.completion_tokens : usage.completionTokens);
  const details = obj(raw ? usage.prompt_tokens_details : usage.promptTokensDetails) ?? {};
  const done = obj(raw ? usage.completion_tokens_details : usage.completionTokensDetails) ?? {};
  const reasoning = count(raw ? done.reasoning_tokens : done.reasoningTokens);
  const writeKey = raw ? "cache_write_tokens" : "cacheWriteTokens";
  // The Anthropic conversions name the cache write and give the uncached input.
  const uncached = writeKey in details || (raw && "cache_read_tokens" in details);
  const cacheRead = count(
    raw ? details.cache_read_tokens ?? details.cached_tokens : details.cachedTokens,
  );
  const cacheWrite = count(details[writeKey]);
  return {
    input: uncached ? prompt : Math.max(0, prompt - cacheRead),
    cacheRead,
    cacheWrite,
    cacheWrite1h: 0,
    output,
    reasoning,
  };
}

/** The Continue reader. */
export const reader: UsageReader = {
  id: "continue",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files([continueGlobalDir.join("sessions")(homeContext(machine))], {
      ext: [".json"],
      filter: (rel) => !rel.includes("/") && !rel.includes("\\") && rel !== "sessions.json",
    });
  },
  json: {
    markers: ['"usage"'],
    decode(value, sink) {
      const doc = obj(value);
      const history = doc?.history;
      if (!doc || !Array.isArray(history)) return;
      const rel = sink.source.meta?.rel ?? "";
      const sessionId = typeof doc.sessionId === "string"
        ? doc.sessionId
        : rel.replace(/\.json$/, "");
      const projectKey = typeof doc.workspaceDirectory === "string" ? doc.workspaceDirectory : "";
      history.forEach((item, index) => {
        const message = obj(obj(item)?.message);
        const usage = obj(message?.usage);
        if (message?.role !== "assistant" || !usage) return;
        const tokens = continueMessageTokens(usage);
        if (!tokens) return;
        const record: ReaderRecord = {
          key: `${sessionId}:${index}`,
          ts: NaN,
          sessionId,
          projectKey,
          modelId: typeof usage.model === "string" && usage.model ? usage.model : undefined,
          tokens,
        };
        // cn logs 0 for a model it cannot price: the price table decides then.
        const cents = typeof usage.cost_cents === "number" ? usage.cost_cents : 0;
        if (cents > 0) record.costUsd = cents / 100;
        sink.emit(record);
      });
    },
  },
};
