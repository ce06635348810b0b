/**
 * OpenClaw (and its earlier names Clawdbot, Moltbot, Moldbot; NemoClaw
 * writes through it): session transcripts in pi's format, since OpenClaw runs
 * pi's agent core, at `<state>/agents/<agent>/sessions/<session>.jsonl`.
 * Sessions that were reset or deleted are kept beside as
 * `<session>.jsonl.reset.<time>` and `<session>.jsonl.deleted.<time>`, and
 * still count. OpenClaw 2026.9 keeps the same events in SQLite instead:
 * `<state>/agents/<agent>/agent/openclaw-agent.sqlite`, table
 * `transcript_events(session_id, seq, event_json, event_zstd)`, one pi line
 * per row (measured: openclaw 2026.9.6 in the real-host lab). Large rows are
 * stored zstd-compressed (`event_json` NULL, `event_zstd`): read with
 * `node:zlib`'s zstd where the runtime has it (Deno, Node 22.15+), else
 * counted and reported.
 * `<state>` is each entry of `$OPENCLAW_DIR` (a comma list, as
 * ccusage reads it), else `$OPENCLAW_STATE_DIR` (home.ts), else `~/.openclaw`,
 * `~/.clawdbot`, `~/.moltbot` and `~/.moldbot`. Lines are decoded as pi's
 * (`adapters/pi/usage.ts`): assistant `message.usage` with `input` (no cache), `output`,
 * `cacheRead`, `cacheWrite` and the host's `cost.total`; a request is the
 * entry id with its time. Source: ccusage `adapter/openclaw/{paths,parser}.rs`,
 * notes/usage-formats.md §4.
 *
 * @module
 */

import { join } from "node:path";
import type { UsageReader, UsageSource } from "../../usage/reader.ts";
import { envList } from "../../usage/_walk.ts";
import { type HostHome, namesIn } from "../../usage/readers/_homes.ts";
import { databaseSource, readDatabase, textOf } from "../../usage/readers/_sqlite.ts";
import type { DecodeSink } from "../../usage/reader.ts";
import { reader as pi } from "../pi/usage.ts";
import { homeContext } from "../paths.ts";
import { openclawState } from "./home.ts";

/** OpenClaw's state folders for `host`. */
export function openclawRoots(host: HostHome): string[] {
  const custom = envList(host.env.OPENCLAW_DIR);
  if (custom.length > 0) return custom;
  if (host.env.OPENCLAW_STATE_DIR) return [openclawState(homeContext(host))];
  return [".openclaw", ".clawdbot", ".moltbot", ".moldbot"].map((d) => join(host.home, d));
}

const SESSION_FILE = /\.jsonl(?:\.(?:deleted|reset)\..+)?$/;

const AGENT_DB = "openclaw-agent.sqlite";

type Unzstd = (bytes: Uint8Array) => Uint8Array;

/** `node:zlib`'s zstd decompression, when this runtime has it. */
async function loadUnzstd(): Promise<Unzstd | undefined> {
  try {
    const zlib = await import("node:zlib") as { zstdDecompressSync?: Unzstd };
    const fn = zlib.zstdDecompressSync;
    return typeof fn === "function" ? (bytes) => fn(bytes) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the pi lines of an agent database, one decoder per session, in `seq` order. */
async function decodeAgentDb(sink: DecodeSink): Promise<void> {
  const unzstd = await loadUnzstd();
  const utf8 = new TextDecoder();
  await readDatabase(sink, (db) => {
    const columns = db.columns("transcript_events");
    if (!columns.has("event_json")) {
      sink.problem("this database has no OpenClaw transcript table (an unknown version?); skipped");
      return;
    }
    const packedColumn = columns.has("event_zstd") ? "event_zstd" : "NULL AS event_zstd";
    let session: string | undefined;
    let decoder: ReturnType<NonNullable<typeof pi.jsonl>["open"]> | undefined;
    let unread = 0;
    db.each(
      `SELECT session_id, seq, event_json, ${packedColumn} FROM transcript_events ORDER BY session_id, seq`,
      (r) => {
        const id = textOf(r.session_id) ?? "";
        if (id !== session || !decoder) {
          session = id;
          decoder = pi.jsonl!.open(sink);
        }
        let text = textOf(r.event_json);
        if (text === undefined && r.event_zstd instanceof Uint8Array && unzstd) {
          try {
            text = utf8.decode(unzstd(r.event_zstd));
          } catch {
            text = undefined;
          }
        }
        if (text === undefined) {
          unread++;
          return;
        }
        try {
          decoder.line(JSON.parse(text), Number(r.seq) || 0);
        } catch {
          sink.problem(`event ${id}#${String(r.seq)} is not JSON; it was skipped`);
        }
      },
    );
    if (unread) {
      sink.problem(`${unread} compressed transcript events could not be read (no zstd here)`);
    }
  });
}

/** The OpenClaw reader. */
export const reader: UsageReader = {
  ...pi,
  id: "openclaw",
  // 2: OpenClaw 2026.9's SQLite agent stores.
  version: 2,
  custom: { decode: decodeAgentDb },
  sources(machine, list) {
    // A fixed layout, and archived names end in a time rather than `.jsonl`: listed by hand.
    const out: UsageSource[] = [];
    for (const root of openclawRoots(machine)) {
      const agents = join(root, "agents");
      for (const agent of namesIn(agents, list)) {
        const store = join(agents, agent, "agent");
        if (namesIn(store, list).includes(AGENT_DB)) {
          out.push(databaseSource(join(store, AGENT_DB), { root: agents }));
        }
        const sessions = join(agents, agent, "sessions");
        for (const file of namesIn(sessions, list)) {
          if (!SESSION_FILE.test(file)) continue;
          out.push({
            path: join(sessions, file),
            format: "jsonl",
            meta: { root: agents, rel: join(agent, file.replace(SESSION_FILE, ".jsonl")) },
          });
        }
      }
    }
    return Promise.resolve(out);
  },
};
