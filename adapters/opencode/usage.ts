/**
 * OpenCode: `${OPENCODE_DATA_DIR:-${XDG_DATA_HOME:-~/.local/share}/opencode}`.
 * Since 1.2 messages live in the SQLite store `opencode.db` (and
 * `opencode-*.db`), table `message(id, session_id, time_created, data)`, read
 * with sql.js (pure WebAssembly, loaded only when a store exists; the file is
 * read, never opened for writing or locked). Older versions wrote
 * `storage/message/<session>/msg_*.json`. A request is the message id, across
 * both. `tokens.input` excludes `cache.read`; `reasoning` is billed as output
 * but is not in `output`; `cost` is the host's own USD (notes/usage-formats.md §4).
 *
 * @module
 */

import { join } from "node:path";
import type { DecodeSink, UsageReader, UsageSource } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { homeContext } from "../paths.ts";
import { opencodeData } from "./home.ts";
import { listDatabases, numberOf, readDatabase, textOf } from "../../usage/readers/_sqlite.ts";

/** OpenCode's data folders for `host`. */
export function opencodeRoots(
  host: { home: string; env: Record<string, string | undefined> },
): string[] {
  return opencodeData.all(homeContext(host));
}

/** Decodes one OpenCode message object (from a JSON file or a `data` column). */
export function opencodeMessage(
  sink: DecodeSink,
  m: Record<string, unknown>,
  fallback: { id?: string; session?: string; created?: number },
): void {
  if (m.role !== "assistant") return;
  const t = m.tokens as Record<string, unknown> & { cache?: Record<string, unknown> } | undefined;
  if (!t || typeof t !== "object") return;
  const time = (m.time ?? {}) as { created?: unknown; completed?: unknown };
  const id = typeof m.id === "string" ? m.id : fallback.id;
  if (!id) return;
  const reasoning = count(t.reasoning);
  const path = m.path as { cwd?: unknown } | undefined;
  sink.emit({
    key: id,
    ts: typeof time.completed === "number"
      ? time.completed
      : typeof time.created === "number"
      ? time.created
      : (fallback.created ?? NaN),
    sessionId: typeof m.sessionID === "string" ? m.sessionID : (fallback.session ?? ""),
    projectKey: typeof path?.cwd === "string" ? path.cwd : "",
    modelId: typeof m.modelID === "string" ? m.modelID : undefined,
    providerId: typeof m.providerID === "string" ? m.providerID : undefined,
    tokens: {
      input: count(t.input),
      cacheRead: count(t.cache?.read),
      cacheWrite: count(t.cache?.write),
      cacheWrite1h: 0,
      output: count(t.output) + reasoning,
      reasoning,
    },
    costUsd: typeof m.cost === "number" && m.cost >= 0 ? m.cost : undefined,
  });
}

function decodeStore(sink: DecodeSink): Promise<void> {
  return readDatabase(sink, (db) => {
    const columns = db.columns("message");
    if (!columns.has("data")) {
      sink.problem("this database has no OpenCode message table (an unknown version?); skipped");
      return;
    }
    const created = columns.has("time_created") ? "time_created" : "NULL";
    db.each(`SELECT id, session_id, ${created} AS created, data FROM message`, (r) => {
      let m: unknown;
      try {
        m = JSON.parse(String(r.data));
      } catch {
        sink.problem(`message ${String(r.id)} has data that is not JSON; it was skipped`);
        return;
      }
      if (m && typeof m === "object") {
        opencodeMessage(sink, m as Record<string, unknown>, {
          id: textOf(r.id),
          session: textOf(r.session_id),
          created: numberOf(r.created),
        });
      }
    });
  });
}

/** The OpenCode reader. */
export const reader: UsageReader = {
  id: "opencode",
  // 3: its logged folder is a project in the one spelling of `_project.ts`.
  version: 3,
  confidence: "host-reported",
  async sources(machine, list) {
    const out: UsageSource[] = [];
    for (const root of opencodeRoots(machine)) {
      out.push(...listDatabases(root, (n) => /^opencode(-.+)?\.db$/.test(n), list));
      out.push(...await list.files([join(root, "storage", "message")], { ext: [".json"] }));
    }
    return out;
  },
  json: {
    markers: ['"tokens"'],
    decode(value, sink) {
      if (value && typeof value === "object") {
        const rel = (sink.source.meta?.rel ?? "").split(/[\\/]/);
        opencodeMessage(sink, value as Record<string, unknown>, {
          session: rel.length > 1 ? rel[0] : "",
        });
      }
    },
  },
  custom: { decode: decodeStore },
};
