/**
 * The Claude Code writer of the usage log generator (see usage_gen.ts): it
 * writes about `budget` bytes of Claude Code logs with its dedup traps and adds
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

/** Writes Claude Code sessions, subagent copies and sidechain replays. */
export function claude(
  dir: string,
  budget: number,
  w: Writer,
  r: R,
  text: T,
  day: (i: number) => number,
  e: Expected,
): void {
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
