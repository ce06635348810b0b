/**
 * Mistral Vibe: each saved session is a folder under `<home>/logs/session/`
 * (vibe/core/paths/_vibe_home.py `SESSION_LOG_DIR`; `$VIBE_HOME` moves it)
 * holding `messages.jsonl` and `meta.json`
 * (vibe/core/session/session_logger.py `save_interaction`).
 *
 * Vibe logs no per-request usage. `meta.json` carries the session's running
 * totals in `stats` — `session_prompt_tokens` and
 * `session_completion_tokens`, the sums of each response's
 * `prompt_tokens` / `completion_tokens` (vibe/core/agent_loop.py
 * `_update_stats`; no cache split is kept) — with `session_id`,
 * `start_time`, `environment.working_directory` and the `config` of the run,
 * whose `active_model` alias names an entry of `config.models`
 * (`{name, provider, alias}`). So one record per session, keyed by its id;
 * the latest snapshot, the largest total, counts.
 *
 * Not read: a `session_logging.save_dir` set in config.toml (the default
 * folder is scanned), and sessions saved with logging off (nothing is kept).
 *
 * @module
 */

import type { UsageReader } from "../../usage/reader.ts";
import { obj } from "../dialect.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { homeContext } from "../paths.ts";
import { vibeHome } from "./home.ts";

/** The model entry the run's `active_model` alias names, if logged. */
function activeModel(
  config: Record<string, unknown> | undefined,
): { name?: string; provider?: string } {
  const alias = config?.active_model;
  const models = Array.isArray(config?.models) ? config.models : [];
  const found = models.map(obj).find((m) => m?.alias === alias);
  const name = typeof found?.name === "string"
    ? found.name
    : typeof alias === "string"
    ? alias
    : undefined;
  const provider = typeof found?.provider === "string" ? found.provider : undefined;
  return { name, provider };
}

/** The Mistral Vibe reader. */
export const reader: UsageReader = {
  id: "mistral-vibe",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    const root = vibeHome.join("logs", "session")(homeContext(machine));
    return list.files([root], {
      ext: ["meta.json"],
      filter: (rel) => /(^|[\\/])meta\.json$/.test(rel),
    });
  },
  json: {
    markers: ['"session_prompt_tokens"'],
    decode(value, sink) {
      const doc = obj(value);
      const stats = obj(doc?.stats);
      if (!doc || !stats) return;
      const session = typeof doc.session_id === "string" ? doc.session_id : "";
      if (!session) {
        sink.problem("meta.json has no session_id");
        return;
      }
      const model = activeModel(obj(doc.config));
      const cwd = obj(doc.environment)?.working_directory;
      sink.emit({
        key: session,
        ts: parseTs(doc.start_time),
        sessionId: session,
        projectKey: typeof cwd === "string" ? cwd : "",
        modelId: model.name,
        providerId: model.provider,
        tokens: {
          input: count(stats.session_prompt_tokens),
          cacheRead: 0,
          cacheWrite: 0,
          cacheWrite1h: 0,
          output: count(stats.session_completion_tokens),
          reasoning: 0,
        },
      });
    },
  },
};
