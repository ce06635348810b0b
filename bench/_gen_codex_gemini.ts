/**
 * The Codex and Gemini CLI writers of the usage log generator (see usage_gen.ts): each
 * writes about `budget` bytes of one host's logs with its dedup traps and adds
 * the true counts to `e`.
 *
 * @module
 */

import { join } from "node:path";
import type { Expected, Writer } from "./_gen_writer.ts";

/** A random integer below n. */
export type R = (n: number) => number;
/** Random text of about len characters. */
export type T = (len: number) => string;

/** Writes Codex rollouts: cumulative totals, re-emits, resets, forks, records. */
export function codex(
  dir: string,
  budget: number,
  w: Writer,
  r: R,
  text: T,
  day: (i: number) => number,
  e: Expected,
): void {
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

function call(
  r: R,
): Record<
  | "input_tokens"
  | "cached_input_tokens"
  | "output_tokens"
  | "reasoning_output_tokens"
  | "total_tokens",
  number
> {
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

/** Writes Gemini CLI chats: re-appended messages, legacy and migrated chats. */
export function gemini(
  dir: string,
  budget: number,
  w: Writer,
  r: R,
  text: T,
  day: (i: number) => number,
  e: Expected,
): void {
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
