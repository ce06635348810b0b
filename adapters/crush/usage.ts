/**
 * Crush (Charm): each project keeps its own SQLite store,
 * `<project>/<data_dir>/crush.db` (`data_dir` defaults to `.crush`). The
 * projects are listed in Crush's registry `projects.json` (`{ projects: [{
 * path, data_dir }] }`) in `$CRUSH_GLOBAL_DATA`, else
 * `${XDG_DATA_HOME:-~/.local/share}/crush/`, or `%LOCALAPPDATA%\crush\` on
 * Windows. Stores are read with sql.js, read-only (`_sqlite.ts`).
 *
 * Crush's `sessions` table has a reliable cumulative `cost` (USD) per
 * session, but its `prompt_tokens` / `completion_tokens` are rewritten step
 * by step and are not totals, so only the cost is taken: one record per root
 * session (a sub-agent session's cost is already in its parent's), with no
 * token counts, marked host-estimated (spec §5: "Crush cost-only"). Source:
 * tokscale `crates/tokscale-core/src/sessions/crush.rs`; the registry and
 * store layout as documented by Crush (`internal/projects`, `internal/config`).
 *
 * @module
 */

import { isAbsolute, join, resolve } from "node:path";
import type { UsageReader, UsageSource } from "../../usage/reader.ts";
import { homeContext, type HomeEnv } from "../paths.ts";
import { probeText } from "../../usage/_probe.ts";
import {
  columnsOf,
  databaseSource,
  numberOf,
  readDatabase,
  timeOf,
} from "../../usage/readers/_sqlite.ts";
import { crushDataDir } from "./home.ts";

/** The places Crush's project registry can be for `host`, most specific first (home.ts). */
export function crushRegistries(host: HomeEnv): string[] {
  return crushDataDir.join("projects.json").all(homeContext(host));
}

/** The Crush reader. */
export const reader: UsageReader = {
  id: "crush",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  version: 2,
  confidence: "host-estimated",
  sources(machine, list) {
    const out: UsageSource[] = [];
    const seen = new Set<string>();
    for (const registry of crushRegistries(machine)) {
      let text: string;
      try {
        text = probeText(registry);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "ENOENT" && code !== "ENOTDIR") {
          list.problem(
            registry,
            `cannot read Crush's project list (${code}); its stores were skipped`,
          );
        }
        continue;
      }
      let projects: unknown;
      try {
        projects = (JSON.parse(text) as { projects?: unknown })?.projects;
      } catch {
        list.problem(registry, "Crush's project list is not valid JSON; its stores were skipped");
        continue;
      }
      if (!Array.isArray(projects)) continue;
      for (const p of projects as { path?: unknown; data_dir?: unknown }[]) {
        const project = typeof p?.path === "string" ? p.path : "";
        const dataDir = typeof p?.data_dir === "string" && p.data_dir ? p.data_dir : ".crush";
        if (!project && !isAbsolute(dataDir)) continue;
        const db = join(isAbsolute(dataDir) ? dataDir : resolve(project, dataDir), "crush.db");
        if (seen.has(db)) continue;
        seen.add(db);
        out.push(databaseSource(db, { project }));
      }
    }
    return Promise.resolve(out);
  },
  custom: {
    decode: (sink) =>
      readDatabase(sink, (db) => {
        const columns = columnsOf(db, sink, "sessions", "cost", "Crush");
        if (!columns) return;
        const root = columns.has("parent_session_id")
          ? " WHERE parent_session_id IS NULL OR parent_session_id = ''"
          : "";
        db.each(`SELECT id, cost, created_at FROM sessions${root}`, (r) => {
          const cost = numberOf(r.cost);
          if (cost === undefined || cost <= 0) return;
          const id = String(r.id);
          sink.emit({
            key: `${sink.source.path}:${id}`,
            ts: timeOf(r.created_at),
            sessionId: id,
            projectKey: sink.source.meta?.project ?? "",
            tokens: {
              input: 0,
              cacheRead: 0,
              cacheWrite: 0,
              cacheWrite1h: 0,
              output: 0,
              reasoning: 0,
            },
            costUsd: cost,
          });
        });
      }),
  },
};
