/**
 * Writes a synthetic home with Claude Code, Codex and Gemini CLI logs of a
 * given size, full of the traps that make other tools miscount, and returns
 * the exact totals a correct reader must report (from the generator's own
 * ground truth, not from our readers):
 *
 * - Claude Code: responses streamed over 1–3 lines whose output grows (the
 *   last line sometimes without cache fields), requests without `requestId`,
 *   `<synthetic>` lines, 1-hour-only cache writes, subagent files that start
 *   with copies of the parent's requests, sidechain replays under another
 *   `requestId`.
 * - Codex: cumulative `token_count` totals, re-emitted unchanged snapshots,
 *   `info: null` refreshes, totals that drop (new baseline), forked rollouts
 *   opening with a replay burst, `token_usage_record` rollouts with a
 *   mirrored `token_count` and a repeated record, an archived rollout.
 * - Gemini CLI: messages re-appended under the same id (first without
 *   tokens), `$set` lines, legacy `.json` chats, and chats migrated from
 *   `.json` to `.jsonl` (both files left behind).
 *
 *   deno run -A bench/usage_gen.ts <dir> [MB]   # prints the expected totals as JSON
 *
 * @module
 */

import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";

/** The four counts and the request count a correct reader reports for one host. */
export interface Expected {
  /** Requests. */
  requests: number;
  /** Uncached input. */
  input: number;
  /** Cache reads. */
  cacheRead: number;
  /** Cache writes. */
  cacheWrite: number;
  /** Output, reasoning included. */
  output: number;
}

/** Expected totals per platform, and the bytes written. */
export interface Generated {
  /** Totals by platform id. */
  expected: Record<"claude-code" | "codex" | "gemini-cli", Expected>;
  /** Bytes written. */
  bytes: number;
  /** Files written. */
  files: number;
}

const zero = (): Expected => ({ requests: 0, input: 0, cacheRead: 0, cacheWrite: 0, output: 0 });

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const WORDS = "the quick brown fox jumps over a lazy dog while usage tokens flow é ünï 字".split(
  " ",
);

class Writer {
  bytes = 0;
  files = 0;
  private fd = -1;
  private buf: string[] = [];
  private pending = 0;
  open(path: string): void {
    this.close();
    mkdirSync(join(path, ".."), { recursive: true });
    this.fd = openSync(path, "w");
    this.files++;
  }
  line(value: unknown): void {
    const text = JSON.stringify(value) + "\n";
    this.buf.push(text);
    this.pending += text.length;
    if (this.pending > 1 << 20) this.flush();
  }
  raw(text: string): void {
    this.buf.push(text);
    this.pending += text.length;
  }
  flush(): void {
    if (this.buf.length === 0) return;
    this.bytes += writeSync(this.fd, this.buf.join(""));
    this.buf = [];
    this.pending = 0;
  }
  close(): void {
    if (this.fd < 0) return;
    this.flush();
    closeSync(this.fd);
    this.fd = -1;
  }
}

/** Writes the tree under `dir` (used as HOME) with about `mb` megabytes. */
export function generateUsageTree(dir: string, mb: number, seed = 7): Generated {
  const r = rng(seed);
  const w = new Writer();
  const text = (len: number) => {
    const out: string[] = [];
    let n = 0;
    while (n < len) {
      const word = WORDS[r(WORDS.length)];
      out.push(word);
      n += word.length + 1;
    }
    return out.join(" ");
  };
  const budget = mb * 1_000_000;
  const expected = { "claude-code": zero(), codex: zero(), "gemini-cli": zero() };
  const day = (i: number) => Date.UTC(2026, 0, 1) + (i % 60) * 86_400_000;
  claude(dir, budget * 0.5, w, r, text, day, expected["claude-code"]);
  codex(dir, budget * 0.3, w, r, text, day, expected.codex);
  gemini(dir, budget * 0.2, w, r, text, day, expected["gemini-cli"]);
  w.close();
  return { expected, bytes: w.bytes, files: w.files };
}

type R = (n: number) => number;
type T = (len: number) => string;

function claude(
  dir: string,
  budget: number,
  w: Writer,
  r: R,
  text: T,
  day: (i: number) => number,
  e: Expected,
) {
  const start = w.bytes;
  let session = 0;
  let req = 0;
  while (w.bytes - start < budget) {
    const sid = `cs-${session}`;
    const project = `-home-me-proj${session % 7}`;
    const file = join(dir, ".claude", "projects", project, `${sid}.jsonl`);
    w.open(file);
    const base = day(session);
    const parentLines: unknown[] = [];
    const turns = 20 + r(60);
    for (let t = 0; t < turns; t++) {
      const ts = new Date(base + t * 60_000).toISOString();
      w.line({
        type: "user",
        sessionId: sid,
        cwd: `/home/me/proj${session % 7}`,
        timestamp: ts,
        message: { role: "user", content: text(200 + r(2500)) },
      });
      const id = `msg_${req}`;
      const rid = r(100) === 0 ? undefined : `req_${req}`;
      req++;
      const input = 1 + r(40);
      const cacheRead = r(3) === 0 ? 0 : r(90_000);
      const oneHourOnly = r(20) === 0;
      const cacheWrite = r(2) === 0 ? r(5_000) : 0;
      const output = 10 + r(3_000);
      const parts = 1 + r(3);
      for (let p = 0; p < parts; p++) {
        const last = p === parts - 1;
        const usage: Record<string, unknown> = {
          input_tokens: input,
          output_tokens: last ? output : Math.floor((output * (p + 1)) / (parts + 1)),
          cache_read_input_tokens: cacheRead,
          cache_creation_input_tokens: oneHourOnly ? 0 : cacheWrite,
          cache_creation: {
            ephemeral_5m_input_tokens: oneHourOnly ? 0 : cacheWrite,
            ephemeral_1h_input_tokens: oneHourOnly ? cacheWrite : 0,
          },
        };
        const lineObj = {
          type: "assistant",
          sessionId: sid,
          cwd: `/home/me/proj${session % 7}`,
          timestamp: ts,
          ...(rid ? { requestId: rid } : {}),
          message: {
            id,
            model: r(4) === 0 ? "claude-haiku-4-5-20251001" : "claude-sonnet-4-5-20250929",
            role: "assistant",
            content: [{ type: "text", text: text(100 + r(1200)) }],
            usage,
          },
        };
        w.line(lineObj);
        if (t < 5) parentLines.push(lineObj);
      }
      // A trailing line without cache fields (smaller total: must not win).
      if (r(10) === 0) {
        w.line({
          type: "assistant",
          sessionId: sid,
          timestamp: ts,
          ...(rid ? { requestId: rid } : {}),
          message: {
            id,
            model: "claude-sonnet-4-5-20250929",
            usage: { input_tokens: input, output_tokens: output },
          },
        });
      }
      e.requests++;
      e.input += input;
      e.cacheRead += cacheRead;
      e.cacheWrite += cacheWrite;
      e.output += output;
      if (r(15) === 0) {
        w.line({
          type: "assistant",
          sessionId: sid,
          timestamp: ts,
          message: {
            id: `syn_${req}`,
            model: "<synthetic>",
            usage: { input_tokens: 0, output_tokens: 0 },
          },
        });
      }
      if (r(25) === 0) {
        // A /btw sidechain replay of this message under another requestId.
        w.line({
          type: "assistant",
          isSidechain: true,
          sessionId: sid,
          timestamp: ts,
          requestId: `btw_${req}`,
          message: {
            id,
            model: "claude-sonnet-4-5-20250929",
            usage: {
              input_tokens: input,
              output_tokens: output,
              cache_read_input_tokens: cacheRead,
              cache_creation_input_tokens: cacheWrite,
            },
          },
        });
      }
    }
    if (session % 3 === 0) {
      // A subagent file that starts with copies of the parent's first requests.
      w.open(join(dir, ".claude", "projects", project, sid, "subagents", `agent-${session}.jsonl`));
      for (const l of parentLines) w.line(l);
      for (let t = 0; t < 3; t++) {
        const output = 5 + r(500);
        w.line({
          type: "assistant",
          isSidechain: true,
          sessionId: sid,
          timestamp: new Date(base + t * 1000).toISOString(),
          requestId: `sub_${req}`,
          message: {
            id: `msg_${req}`,
            model: "claude-haiku-4-5-20251001",
            usage: { input_tokens: 3, output_tokens: output },
          },
        });
        req++;
        e.requests++;
        e.input += 3;
        e.output += output;
      }
    }
    session++;
  }
}

function codex(
  dir: string,
  budget: number,
  w: Writer,
  r: R,
  text: T,
  day: (i: number) => number,
  e: Expected,
) {
  const start = w.bytes;
  let n = 0;
  let resp = 0;
  while (w.bytes - start < budget) {
    const base = day(n) + 3_600_000;
    const d = new Date(base);
    const ymd = [
      String(d.getUTCFullYear()),
      String(d.getUTCMonth() + 1).padStart(2, "0"),
      String(d.getUTCDate()).padStart(2, "0"),
    ];
    const name = `rollout-${d.toISOString().slice(0, 19).replaceAll(":", "-")}-cx${n}.jsonl`;
    const archived = n % 11 === 5;
    w.open(
      archived
        ? join(dir, ".codex", "archived_sessions", name)
        : join(dir, ".codex", "sessions", ...ymd, name),
    );
    const fork = n % 9 === 4;
    const withRecords = n % 13 === 6;
    let clock = base;
    const at = (step: number) => new Date(clock += step).toISOString();
    w.line({
      timestamp: at(0),
      type: "session_meta",
      payload: {
        id: `cx-${n}`,
        cwd: `/home/me/proj${n % 5}`,
        ...(fork
          ? { forked_from_id: `cx-${n - 1}`, source: { subagent: { thread_spawn: { depth: 1 } } } }
          : {}),
      },
    });
    w.line({ timestamp: at(1), type: "turn_context", payload: { model: "gpt-5.1-codex" } });
    const totals = {
      input_tokens: 0,
      cached_input_tokens: 0,
      output_tokens: 0,
      reasoning_output_tokens: 0,
      total_tokens: 0,
    };
    const bump = (u: typeof totals) => {
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += u[k];
    };
    if (fork) {
      // The parent's replay: a burst in the first few ms, baseline only.
      for (let i = 0; i < 3; i++) {
        const u = call(r);
        bump(u);
        w.line({
          timestamp: at(1),
          type: "event_msg",
          payload: {
            type: "token_count",
            info: { total_token_usage: { ...totals }, last_token_usage: u },
          },
        });
      }
      clock += 2_000;
    }
    const calls = 10 + r(40);
    for (let c = 0; c < calls; c++) {
      w.line({
        timestamp: at(500),
        type: "response_item",
        payload: { type: "function_call_output", output: text(300 + r(4000)) },
      });
      if (r(6) === 0) {
        w.line({
          timestamp: at(10),
          type: "event_msg",
          payload: {
            type: "token_count",
            info: null,
            rate_limits: { primary: { used_percent: r(100) } },
          },
        });
      }
      const u = call(r);
      if (withRecords) {
        const id = `resp-${resp++}`;
        const usage = {
          input_tokens: u.input_tokens,
          cached_input_tokens: u.cached_input_tokens,
          cache_write_input_tokens: 0,
          output_tokens: u.output_tokens,
          reasoning_output_tokens: u.reasoning_output_tokens,
          total_tokens: u.total_tokens,
        };
        w.line({
          timestamp: at(100),
          type: "token_usage_record",
          payload: { response_id: id, usage },
        });
        bump(u);
        w.line({
          timestamp: at(10),
          type: "event_msg",
          payload: {
            type: "token_count",
            info: { total_token_usage: { ...totals }, last_token_usage: u },
          },
        });
        if (r(5) === 0) {
          w.line({
            timestamp: at(10),
            type: "token_usage_record",
            payload: { response_id: id, usage },
          });
        }
      } else if (c > 0 && r(15) === 0) {
        // Totals drop (a resume or compaction): a new baseline that still counts.
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] = u[k];
        w.line({
          timestamp: at(1000),
          type: "event_msg",
          payload: {
            type: "token_count",
            info: { total_token_usage: { ...totals }, last_token_usage: u },
          },
        });
      } else {
        bump(u);
        const legacy = n % 4 === 1; // totals only, no last_token_usage
        w.line({
          timestamp: at(1000),
          type: "event_msg",
          payload: {
            type: "token_count",
            info: legacy ? { total_token_usage: { ...totals } } : {
              total_token_usage: { ...totals },
              last_token_usage: u,
              model_context_window: 272000,
            },
          },
        });
      }
      e.requests++;
      e.input += u.input_tokens - u.cached_input_tokens;
      e.cacheRead += u.cached_input_tokens;
      e.output += u.output_tokens;
      // Re-emitted unchanged snapshot (UI or rate-limit refresh).
      if (!withRecords && r(3) === 0) {
        w.line({
          timestamp: at(300),
          type: "event_msg",
          payload: {
            type: "token_count",
            info: { total_token_usage: { ...totals }, last_token_usage: u },
          },
        });
      }
    }
    n++;
  }
}

function call(r: R) {
  const input = 1_000 + r(60_000);
  const cached = r(2) === 0 ? 0 : r(input);
  const output = 10 + r(4_000);
  const reasoning = r(output);
  return {
    input_tokens: input,
    cached_input_tokens: cached,
    output_tokens: output,
    reasoning_output_tokens: reasoning,
    total_tokens: input + output,
  };
}

function gemini(
  dir: string,
  budget: number,
  w: Writer,
  r: R,
  text: T,
  day: (i: number) => number,
  e: Expected,
) {
  const start = w.bytes;
  let n = 0;
  while (w.bytes - start < budget) {
    const sid = `gm-${n}`;
    const chats = join(dir, ".gemini", "tmp", `hash${n % 4}`, "chats");
    const base = day(n) + 7_200_000;
    const messages: Record<string, unknown>[] = [];
    const count = 10 + r(40);
    for (let i = 0; i < count; i++) {
      const input = 500 + r(30_000);
      const cached = r(2) === 0 ? 0 : r(input);
      const output = 5 + r(2_000);
      const thoughts = r(3) === 0 ? 0 : r(800);
      const tool = r(4) === 0 ? r(50) : 0;
      messages.push({
        id: `m${i}`,
        timestamp: new Date(base + i * 30_000).toISOString(),
        type: "gemini",
        content: text(200 + r(3000)),
        model: "gemini-2.5-pro",
        tokens: { input, output, cached, thoughts, tool, total: input + output + thoughts + tool },
      });
      e.requests++;
      e.input += input - cached + tool;
      e.cacheRead += cached;
      e.output += output + thoughts;
    }
    const kind = n % 5;
    if (kind === 0 || kind === 1) {
      // Legacy single-document chat; kind 1 is also migrated to .jsonl below.
      w.open(join(chats, `session-${sid}.json`));
      w.raw(
        JSON.stringify(
          {
            sessionId: sid,
            projectHash: `hash${n % 4}`,
            startTime: new Date(base).toISOString(),
            messages,
          },
          null,
          2,
        ),
      );
      w.close();
    }
    if (kind !== 0) {
      w.open(join(chats, `session-${sid}.jsonl`));
      w.line({
        sessionId: sid,
        projectHash: `hash${n % 4}`,
        startTime: new Date(base).toISOString(),
        kind: "main",
      });
      for (const m of messages) {
        w.line({
          id: `u-${m.id}`,
          timestamp: m.timestamp,
          type: "user",
          content: text(100 + r(800)),
        });
        const { tokens: _t, ...bare } = m;
        w.line(bare); // first appended without tokens
        w.line(m);
        w.line({ $set: { lastUpdated: m.timestamp } });
        if (r(3) === 0) w.line({ ...m, toolCalls: [{ id: "t", name: "read_file" }] }); // re-appended
      }
    }
    n++;
  }
}

if (import.meta.main) {
  const dir = process.argv[2];
  const mb = Number(process.argv[3] ?? process.env.USAGE_BENCH_MB ?? 16);
  if (!dir) {
    console.error("usage: usage_gen.ts <dir> [MB]");
    process.exit(2);
  }
  const out = generateUsageTree(dir, mb);
  console.log(JSON.stringify(out, null, 2));
}
