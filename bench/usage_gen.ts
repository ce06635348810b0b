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

import { claude } from "./_gen_claude.ts";
import { codex, gemini } from "./_gen_codex_gemini.ts";
import process from "node:process";
import { type Expected, Writer, zero } from "./_gen_writer.ts";

export { type Expected, zero } from "./_gen_writer.ts";

/** Expected totals per platform, and the bytes written. */
export interface Generated {
  /** Totals by platform id. */
  expected: Record<"claude-code" | "codex" | "gemini-cli", Expected>;
  /** Bytes written. */
  bytes: number;
  /** Files written. */
  files: number;
}

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
