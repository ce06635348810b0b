/**
 * Zed's agent threads (zed-industries/zed crates/agent/src/db.rs
 * `ThreadsDatabase`): one SQLite store `<data>/threads/threads.db`, where
 * `<data>` is `$FLATPAK_XDG_DATA_HOME/zed`, else `$XDG_DATA_HOME/zed`, else
 * `~/.local/share/zed` on Linux, `~/Library/Application Support/Zed` on
 * macOS and `%LOCALAPPDATA%\Zed` on Windows (crates/paths/src/paths.rs).
 * Table `threads(id, summary, updated_at, data_type, data, parent_id,
 * folder_paths, folder_paths_order, created_at)`; `data` is the thread as
 * JSON, zstd-compressed when `data_type` is `zstd` (what every save writes,
 * `save_thread_sync`), plain when `json` (older rows).
 *
 * Zed keeps no per-request log. The thread's `request_token_usage` maps each
 * user message to the usage of the LAST model request of that turn (it is
 * overwritten on every request, thread.rs `update_token_usage`), so summing
 * it drops every tool round trip. `cumulative_token_usage` adds up every
 * request (`accumulate_token_usage`): one record per thread from it, keyed
 * by the thread id — a session aggregate, like Goose's. Its fields are
 * language_model's `TokenUsage{input_tokens, output_tokens,
 * cache_creation_input_tokens, cache_read_input_tokens}` (zeros omitted), in
 * disjoint buckets (`total_tokens` adds all four). The model is
 * `model{provider, model}`; the time the row's `updated_at`; the project the
 * first folder the thread was opened on (`folder_paths` holds the folders
 * sorted, one a line, `folder_paths_order` their given order). A subagent's
 * thread is its own row (`parent_id`), counted on its own.
 *
 * @module
 */

import type { DecodeSink, UsageReader } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import {
  byOs,
  homeContext,
  type HomeEnv,
  localAppData,
  macAppSupport,
  pathApi,
  pathFn,
  xdgData,
} from "../paths.ts";
import { probeExists } from "../../usage/_probe.ts";
import {
  columnsOf,
  databaseSource,
  readDatabase,
  textOf,
  timeOf,
} from "../../usage/readers/_sqlite.ts";

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Json : undefined;

/** Zed's data folder (crates/paths `data_dir`): Flatpak's, else XDG's, per OS. */
const zedData = byOs({
  win32: localAppData("Zed"),
  darwin: macAppSupport("Zed"),
  default: pathFn((ctx) => {
    const flatpak = ctx.env.FLATPAK_XDG_DATA_HOME;
    return flatpak ? pathApi(ctx.os).join(flatpak, "zed") : xdgData("zed")(ctx);
  }),
});

/** Where Zed's thread store is for `host`. */
export function zedThreadsDb(host: HomeEnv): string {
  return zedData.join("threads", "threads.db")(homeContext(host));
}

/** The folder a thread was opened on first, from the two `folder_paths` columns. */
export function zedProject(paths: unknown, order: unknown): string {
  const list = typeof paths === "string" && paths ? paths.split("\n") : [];
  const given = typeof order === "string" ? order.split(",") : [];
  const first = given.indexOf("0");
  return list[first >= 0 && given.length === list.length ? first : 0] ?? "";
}

type Decompress = (data: Uint8Array) => Uint8Array;
let zstd: Promise<Decompress> | undefined;

/** fzstd (pure JS, decompression only), loaded on the first compressed row. */
function zstdDecoder(): Promise<Decompress> {
  zstd ??= import("fzstd").then((mod) => mod.decompress as Decompress);
  return zstd;
}

function bytesOf(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (typeof value === "string") return new TextEncoder().encode(value);
  return undefined;
}

async function decode(sink: DecodeSink): Promise<void> {
  const rows: Json[] = [];
  await readDatabase(sink, (db) => {
    const columns = columnsOf(db, sink, "threads", "data", "Zed");
    if (!columns) return;
    const wanted = ["id", "updated_at", "data_type", "data", "folder_paths", "folder_paths_order"]
      .filter((c) => columns.has(c)).map((c) => `"${c}"`).join(", ");
    db.each(`SELECT ${wanted} FROM threads`, (r) => rows.push(r));
  });
  let bad = 0;
  for (const r of rows) {
    const raw = bytesOf(r.data);
    if (!raw) continue;
    let thread: Json | undefined;
    try {
      const bytes = r.data_type === "zstd" ? (await zstdDecoder())(raw) : raw;
      thread = obj(JSON.parse(new TextDecoder().decode(bytes)));
    } catch {
      bad++;
      continue;
    }
    const usage = obj(thread?.cumulative_token_usage);
    if (!thread || !usage || thread.imported === true) continue;
    const tokens = {
      input: count(usage.input_tokens),
      cacheRead: count(usage.cache_read_input_tokens),
      cacheWrite: count(usage.cache_creation_input_tokens),
      cacheWrite1h: 0,
      output: count(usage.output_tokens),
      reasoning: 0,
    };
    // A thread that never reached a model (all four omitted) is no request.
    if (tokens.input + tokens.cacheRead + tokens.cacheWrite + tokens.output === 0) continue;
    const model = obj(thread.model);
    const id = String(r.id);
    sink.emit({
      key: id,
      ts: timeOf(r.updated_at ?? thread.updated_at),
      sessionId: id,
      projectKey: zedProject(r.folder_paths, r.folder_paths_order),
      modelId: textOf(model?.model),
      providerId: textOf(model?.provider),
      tokens,
    });
  }
  if (bad > 0) {
    sink.problem(`${bad} thread(s) could not be decoded (damaged data); they were skipped`);
  }
}

/** The Zed reader. */
export const reader: UsageReader = {
  id: "zed",
  version: 1,
  confidence: "host-reported",
  sources(machine) {
    const path = zedThreadsDb(machine);
    return Promise.resolve(probeExists(path) ? [databaseSource(path)] : []);
  },
  custom: { decode },
};
