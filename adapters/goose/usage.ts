/**
 * Goose: one SQLite store, `sessions.db`, in Goose's data folder:
 * `$GOOSE_PATH_ROOT/data/sessions/` when set to an absolute path, else
 * `${XDG_DATA_HOME:-~/.local/share}/goose/sessions/` on Linux (older builds:
 * `~/.local/share/Block/goose/sessions/`), `~/Library/Application
 * Support/goose/sessions/` on macOS, `%APPDATA%\Block\goose\data\sessions\`
 * on Windows. Read with sql.js, read-only (`_sqlite.ts`).
 *
 * Goose keeps no per-request log: table `sessions` holds each session's
 * running totals (`accumulated_input_tokens`, `accumulated_output_tokens`,
 * `accumulated_total_tokens`, else the `input_tokens`… of the last turn),
 * with `model_config_json.model_name`, `provider_name`, `working_dir` and
 * `created_at`. So one record per session, keyed by the session id; no
 * cache split is logged. A total above input + output is reasoning, billed
 * as output. Source: ccusage `adapter/goose/{paths,loader,parser}.rs`,
 * notes/usage-formats.md §4.
 *
 * @module
 */

import type { UsageReader } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { homeContext, type HomeEnv } from "../paths.ts";
import { probeExists } from "../../usage/_probe.ts";
import {
  columnsOf,
  databaseSource,
  numberOf,
  readDatabase,
  textOf,
  timeOf,
} from "../../usage/readers/_sqlite.ts";
import { gooseDataDir } from "./home.ts";

/** The places Goose's `sessions.db` can be for `host` (adapters/goose/home.ts). */
export function gooseDatabases(host: HomeEnv): string[] {
  return gooseDataDir.join("sessions", "sessions.db").all(homeContext(host));
}

const TOKENS = [
  "input_tokens",
  "output_tokens",
  "total_tokens",
  "accumulated_input_tokens",
  "accumulated_output_tokens",
  "accumulated_total_tokens",
];

function modelName(json: unknown): string | undefined {
  if (typeof json !== "string") return undefined;
  try {
    return textOf((JSON.parse(json) as { model_name?: unknown })?.model_name);
  } catch {
    return undefined;
  }
}

/** The Goose reader. */
export const reader: UsageReader = {
  id: "goose",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  version: 2,
  confidence: "host-reported",
  sources(machine) {
    return Promise.resolve(
      gooseDatabases(machine).filter((p) => probeExists(p)).map((p) => databaseSource(p)),
    );
  },
  custom: {
    decode: (sink) =>
      readDatabase(sink, (db) => {
        const columns = columnsOf(db, sink, "sessions", "id", "Goose");
        if (!columns) return;
        const wanted = [
          "id",
          "model_config_json",
          "provider_name",
          "working_dir",
          "created_at",
          ...TOKENS,
        ];
        const select = wanted.filter((c) => columns.has(c)).map((c) => `"${c}"`).join(", ");
        db.each(`SELECT ${select} FROM sessions`, (r) => {
          const pick = (a: string, b: string) => count(numberOf(r[a])) || count(numberOf(r[b]));
          const input = pick("accumulated_input_tokens", "input_tokens");
          const output = pick("accumulated_output_tokens", "output_tokens");
          const total = pick("accumulated_total_tokens", "total_tokens");
          const reasoning = Math.max(0, total - input - output);
          const id = String(r.id);
          sink.emit({
            key: id,
            ts: timeOf(r.created_at),
            sessionId: id,
            projectKey: textOf(r.working_dir) ?? "",
            modelId: modelName(r.model_config_json),
            providerId: textOf(r.provider_name),
            tokens: {
              input,
              cacheRead: 0,
              cacheWrite: 0,
              cacheWrite1h: 0,
              output: output + reasoning,
              reasoning,
            },
          });
        });
      }),
  },
};
