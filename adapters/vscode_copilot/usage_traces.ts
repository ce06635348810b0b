/**
 * Copilot Chat's OpenTelemetry span store, the second local source of VS
 * Code Copilot usage: `<editor user folder>/globalStorage/github.copilot-chat/
 * agent-traces.db`, SQLite, written while
 * `github.copilot.chat.otel.dbSpanExporter.enabled` is on (default off) and
 * pruned to 7 days and 100 sessions at start-up
 * (microsoft/vscode-copilot-chat@31acd00a86424e2ee6e980e54919cf31fbf88030
 * src/platform/otel/node/sqlite/otelSqliteStore.ts, the path in
 * src/extension/extension/vscode-node/services.ts).
 *
 * Table `spans` holds every span; a model request is a row whose
 * `operation_name` is `chat`, with `input_tokens` (the API's
 * `prompt_tokens`, cached part included), `cached_tokens`, `output_tokens`,
 * `reasoning_tokens` (inside the output), `request_model`/`response_model`,
 * `provider_name`, `chat_session_id`/`conversation_id` and `end_time_ms`
 * (src/extension/prompt/node/chatMLFetcher.ts sets them). Its `span_id` is
 * the same id the debug log names a request by, so a request in both counts
 * once; this copy, which splits off the cache, wins (the debug log's is
 * secondary).
 *
 * @module
 */

import type { DecodeSink, UsageSource } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { appConfig, homeContext, type HomeEnv } from "../paths.ts";
import { probeExists } from "../../usage/_probe.ts";
import {
  columnsOf,
  databaseSource,
  numberOf,
  readDatabase,
  textOf,
} from "../../usage/readers/_sqlite.ts";

/** The span stores of the VS Code builds in `editors`, where they exist. */
export function tracesSources(host: HomeEnv, editors: readonly string[]): UsageSource[] {
  const ctx = homeContext(host);
  return editors
    .map((e) =>
      appConfig(e, "User", "globalStorage", "github.copilot-chat", "agent-traces.db")(ctx)
    )
    .filter((p) => probeExists(p))
    .map((p) => databaseSource(p, { kind: "traces" }));
}

const COLUMNS = [
  "span_id",
  "end_time_ms",
  "chat_session_id",
  "conversation_id",
  "request_model",
  "response_model",
  "provider_name",
  "input_tokens",
  "output_tokens",
  "cached_tokens",
  "reasoning_tokens",
];

/** Decodes one `agent-traces.db`: a record per `chat` span with counts. */
export function decodeTraces(sink: DecodeSink): Promise<void> {
  return readDatabase(sink, (db) => {
    const columns = columnsOf(db, sink, "spans", "operation_name", "Copilot Chat");
    if (!columns) return;
    const select = COLUMNS.filter((c) => columns.has(c)).map((c) => `"${c}"`).join(", ");
    const sql = `SELECT ${select} FROM spans WHERE operation_name = 'chat' ` +
      "AND (input_tokens IS NOT NULL OR output_tokens IS NOT NULL)";
    db.each(sql, (r) => {
      const prompt = count(numberOf(r.input_tokens));
      const cacheRead = Math.min(prompt, count(numberOf(r.cached_tokens)));
      sink.emit({
        key: String(r.span_id),
        ts: numberOf(r.end_time_ms) ?? NaN,
        sessionId: textOf(r.chat_session_id) ?? textOf(r.conversation_id) ?? "",
        projectKey: "",
        modelId: textOf(r.response_model) ?? textOf(r.request_model),
        providerId: textOf(r.provider_name),
        tokens: {
          input: prompt - cacheRead,
          cacheRead,
          cacheWrite: 0,
          cacheWrite1h: 0,
          output: count(numberOf(r.output_tokens)),
          reasoning: count(numberOf(r.reasoning_tokens)),
        },
      });
    });
  });
}
