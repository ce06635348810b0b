/**
 * The incremental usage report against a full one: random sequences of what
 * happens to hosts' logs (appends that win, lose or tie a kept request, a
 * line completed later, new files, same-size rewrites, truncation, removal,
 * replacement under a new inode, a rollout archived, a reader version bump;
 * lines logged with no time or a nonsense one, and rewrites that spoil a
 * kept line's time), and after each step `usage report` (by the step's
 * grouping, and by day) and `usage export` with the kept state must print
 * exactly what `--no-cache` prints.
 *
 * `AC_USAGE_PROPERTY_RUNS=N` runs more sequences.
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import fc from "fast-check";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, tempCopy } from "./_helpers/usage.ts";
import { loadReader } from "../usage/readers/registry.ts";

const RUNS = Number(process.env.AC_USAGE_PROPERTY_RUNS) || 12;
const BYS = ["platform", "model", "session", "day", "project"] as const;

/** A line's time: a valid one, none, or one that does not parse. */
type Time = "valid" | "none" | "bad";

type Op =
  | {
    kind: "claude";
    file: number;
    req: number;
    out: number;
    cached: number;
    partial: boolean;
    time?: Time;
  }
  | { kind: "codex"; file: number; input: number; out: number; repeat: boolean; time?: Time }
  | { kind: "rewrite"; file: number; at: number; digit: number }
  | { kind: "truncate"; file: number; keep: number }
  | { kind: "remove"; file: number }
  | { kind: "replace"; file: number }
  | { kind: "archive"; file: number }
  | { kind: "bump" };

const timeArb: fc.Arbitrary<Time> = fc.constantFrom("valid", "valid", "valid", "none", "bad");

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("claude" as const),
      file: fc.nat(4),
      req: fc.nat(7),
      out: fc.constantFrom(5, 20, 20, 80),
      cached: fc.nat(3),
      partial: fc.boolean(),
      time: timeArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("codex" as const),
      file: fc.nat(2),
      input: fc.nat(500),
      out: fc.nat(90),
      repeat: fc.boolean(),
      time: timeArb,
    }),
  },
  fc.record({
    kind: fc.constant("rewrite" as const),
    file: fc.nat(7),
    at: fc.nat(),
    digit: fc.nat(9),
  }),
  fc.record({ kind: fc.constant("truncate" as const), file: fc.nat(7), keep: fc.nat(100) }),
  fc.record({ kind: fc.constant("remove" as const), file: fc.nat(7) }),
  fc.record({ kind: fc.constant("replace" as const), file: fc.nat(7) }),
  fc.record({ kind: fc.constant("archive" as const), file: fc.nat(2) }),
  fc.record({ kind: fc.constant("bump" as const) }),
);

/** A temp tree of Claude Code and Codex logs, changed op by op. */
class Tree {
  private clock = Date.parse("2026-03-01T00:00:00Z");
  private mtime = 1_780_000_000;
  private codexTotals = new Map<string, { input: number; cached: number; out: number }>();
  private pending = new Map<string, string>();

  constructor(readonly home: string) {}

  claudePath(n: number): string {
    return join(this.home, ".claude", "projects", `-u-me-p${n % 2}`, `s${n}.jsonl`);
  }

  codexPath(n: number): string {
    const name = `rollout-2026-03-01T00-00-0${n}-cx${n}.jsonl`;
    const archived = join(this.home, ".codex", "archived_sessions", name);
    return existsSync(archived)
      ? archived
      : join(this.home, ".codex", "sessions", "2026", "03", "01", name);
  }

  /** Files 0–4 are Claude's, 5–7 Codex's. */
  path(n: number): string {
    return n < 5 ? this.claudePath(n) : this.codexPath(n - 5);
  }

  /** The next time, as a line's `timestamp` field gives it (absent when `time` is "none"). */
  private tick(time: Time = "valid"): string | undefined {
    this.clock += 61_000;
    if (time === "none") return undefined;
    return time === "bad" ? "not a time" : new Date(this.clock).toISOString();
  }

  /** Gives `path` an mtime no earlier write had (a rewrite must not look unchanged). */
  private touch(path: string): void {
    this.mtime += 7;
    utimesSync(path, this.mtime, this.mtime);
  }

  private write(path: string, text: string): void {
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, text);
    this.touch(path);
  }

  apply(op: Op): void {
    if (op.kind === "claude") {
      const path = this.claudePath(op.file);
      const line = JSON.stringify({
        type: "assistant",
        sessionId: `s${op.file % 3}`,
        requestId: `req-${op.req}`,
        timestamp: this.tick(op.time),
        message: {
          id: `msg-${op.req}`,
          model: op.req % 2 ? "claude-sonnet-4-5" : "claude-opus-4-1",
          content: [{ type: "text", text: "prompt words never kept" }],
          usage: {
            input_tokens: 3 + op.req,
            output_tokens: op.out,
            cache_read_input_tokens: op.cached * 1000,
            cache_creation_input_tokens: op.cached * 7,
          },
        },
      }) + "\n";
      const before = this.pending.get(path) ?? "";
      this.pending.delete(path);
      if (op.partial) {
        const cut = Math.floor(line.length / 2);
        this.pending.set(path, line.slice(cut));
        this.write(path, before + line.slice(0, cut));
      } else this.write(path, before + line);
    } else if (op.kind === "codex") {
      const path = this.codexPath(op.file);
      let lines = "";
      if (!existsSync(path)) {
        this.codexTotals.set(path, { input: 0, cached: 0, out: 0 });
        lines += JSON.stringify({
          timestamp: this.tick(),
          type: "session_meta",
          payload: { id: `cx${op.file}`, cwd: "/u/me/p0" },
        }) + "\n";
        lines += JSON.stringify({ type: "turn_context", payload: { model: "gpt-5" } }) + "\n";
      }
      const total = this.codexTotals.get(path) ?? { input: 0, cached: 0, out: 0 };
      const last = op.repeat
        ? undefined
        : { input_tokens: op.input, cached_input_tokens: op.input >> 2, output_tokens: op.out };
      if (last) {
        total.input += last.input_tokens;
        total.cached += last.cached_input_tokens;
        total.out += last.output_tokens;
      }
      this.codexTotals.set(path, total);
      lines += JSON.stringify({
        timestamp: this.tick(op.time),
        type: "event_msg",
        payload: {
          type: "token_count",
          info: {
            total_token_usage: {
              input_tokens: total.input,
              cached_input_tokens: total.cached,
              output_tokens: total.out,
            },
            ...(last ? { last_token_usage: last } : {}),
          },
        },
      }) + "\n";
      this.write(path, lines);
    } else if (op.kind === "bump") {
      return; // the caller bumps the reader
    } else {
      const path = this.path(op.file);
      if (!existsSync(path)) return;
      this.pending.delete(path);
      const text = readFileSync(path, "utf8");
      if (op.kind === "rewrite") {
        // A digit of a count or of a time (which may no longer parse: that record then
        // takes the time of the one before it, or the file's mtime: `_decode.ts`).
        const digits = [...text.matchAll(/(?:tokens":|timestamp":"[^"]*?)[0-9]+/g)].flatMap((m) =>
          Array.from(m[0].matchAll(/[0-9]/g), (d) => m.index! + d.index!)
        );
        if (digits.length === 0) return;
        const at = digits[op.at % digits.length];
        writeFileSync(path, text.slice(0, at) + String(op.digit) + text.slice(at + 1));
        this.touch(path);
      } else if (op.kind === "truncate") {
        truncateSync(path, Math.floor((text.length * op.keep) / 100));
        this.touch(path);
      } else if (op.kind === "remove") {
        rmSync(path);
      } else if (op.kind === "replace") {
        writeFileSync(path + ".new", text);
        renameSync(path + ".new", path);
        this.touch(path);
      } else if (op.kind === "archive" && op.file < 3) {
        const to = join(this.home, ".codex", "archived_sessions", path.split("/").pop()!);
        if (to === path) return;
        mkdirSync(dirname(to), { recursive: true });
        renameSync(path, to);
      }
    }
  }
}

test("after any sequence of log changes, the kept state reports exactly what a full read does", async () => {
  // Readers are plain objects: a version bump is a new number on the same one.
  const claude = await loadReader("claude-code") as { version: number };
  const version = claude.version;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(opArb, fc.constantFrom(...BYS)), { minLength: 1, maxLength: 14 }),
        async (steps) => {
          const t = tempCopy();
          const tree = new Tree(t.dir);
          const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
          const report = async (by: string, ...extra: string[]) => {
            const run = await runCliCaptured(
              [
                "usage",
                "report",
                "--json",
                "--by",
                by,
                "--platform",
                "claude-code,codex",
                ...extra,
              ],
              machine,
            );
            assert.equal(run.code, 0, run.stderr);
            return run.stdout;
          };
          try {
            // A first report (and its kept state) before anything changes.
            tree.apply({ kind: "claude", file: 0, req: 0, out: 5, cached: 1, partial: false });
            await report("platform");
            for (const [op, by] of steps) {
              tree.apply(op);
              if (op.kind === "bump") claude.version++;
              const kept = await report(by);
              assert.equal(kept, await report(by, "--no-cache"), `after ${JSON.stringify(op)}`);
              if (by !== "day") {
                assert.equal(await report("day"), await report("day", "--no-cache"), "by day");
              }
              const exported = await runCliCaptured(["usage", "export"], machine);
              const full = await runCliCaptured(["usage", "export", "--no-cache"], machine);
              assert.equal(exported.stdout, full.stdout, `export after ${JSON.stringify(op)}`);
              // Asked again with nothing changed: the kept result itself.
              assert.equal(await report(by), kept);
              if (op.kind === "claude" && op.req % 3 === 0) {
                // --since keeps no results, but reads through the kept state (and its delta).
                const since = async (...extra: string[]) => {
                  const body = JSON.parse(await report(by, "--since", "3650d", ...extra));
                  delete body.since; // the window's start moves with the clock
                  return body;
                };
                assert.deepEqual(await since(), await since("--no-cache"));
              }
            }
            const exported = await runCliCaptured(["usage", "export"], machine);
            const full = await runCliCaptured(["usage", "export", "--no-cache"], machine);
            assert.equal(exported.stdout, full.stdout);
          } finally {
            t.done();
          }
        },
      ),
      { numRuns: RUNS },
    );
  } finally {
    claude.version = version;
  }
});

function claudeLine(id: string, out: number, ts: string): string {
  return JSON.stringify({
    type: "assistant",
    sessionId: "s",
    requestId: `r-${id}`,
    timestamp: ts,
    message: { id, model: "claude-sonnet-4-5", usage: { input_tokens: 10, output_tokens: out } },
  }) + "\n";
}

async function keptAndFull(machine: ReturnType<typeof hostAt>, by = "platform") {
  const args = ["usage", "report", "--json", "--by", by, "--platform", "claude-code"];
  const kept = await runCliCaptured(args, machine);
  const full = await runCliCaptured([...args, "--no-cache"], machine);
  assert.equal(kept.code, 0, kept.stderr);
  assert.equal(kept.stdout, full.stdout);
  return JSON.parse(kept.stdout);
}

test("a kept report follows an append whose winning copy replaces the latest row, and a damaged cursors file", async () => {
  const t = tempCopy();
  try {
    const dir = join(t.dir, ".claude", "projects", "p");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "s.jsonl");
    const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
    writeFileSync(
      file,
      Array.from(
        { length: 40 },
        (_, i) => claudeLine(`m${i}`, 5, `2026-03-01T00:${String(i).padStart(2, "0")}:00Z`),
      ).join(""),
    );
    await keptAndFull(machine);
    // A larger copy of the latest request, logged earlier: it wins, and the latest time drops
    // (the kept part cannot follow that: the platform is aggregated afresh).
    appendFileSync(file, claudeLine("m39", 90, "2026-03-01T00:00:30Z"));
    const body = await keptAndFull(machine);
    assert.equal(body.totals.output, 39 * 5 + 90);
    // The kept cursors are damaged (cut short): the next run reads the file afresh.
    const records = join(t.dir, "data", "cache", "usage", "claude-code.cursors.bin");
    const bytes = readFileSync(records);
    writeFileSync(records, bytes.subarray(0, bytes.length - 9));
    appendFileSync(file, claudeLine("m3", 70, "2026-03-01T00:03:00Z"));
    assert.equal((await keptAndFull(machine)).totals.output, 38 * 5 + 90 + 70);
    appendFileSync(file, claudeLine("m50", 1, "2026-03-01T01:00:00Z"));
    assert.equal((await keptAndFull(machine, "day")).totals.requests, 41);
  } finally {
    t.done();
  }
});

test("a line logged with no time or a spoiled one reports the same time kept or read afresh", async () => {
  const t = tempCopy();
  const tree = new Tree(t.dir);
  const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
  const same = async (step: string) => {
    for (const args of [["report", "--json", "--by", "day"], ["export"]]) {
      const kept = await runCliCaptured(["usage", ...args], machine);
      const full = await runCliCaptured(["usage", ...args, "--no-cache"], machine);
      assert.equal(kept.code, 0, kept.stderr);
      assert.equal(kept.stdout, full.stdout, `${args[0]} after ${step}`);
    }
  };
  const claude = (req: number, time: Time) =>
    tree.apply({ kind: "claude", file: 0, req, out: 5, cached: 0, partial: false, time });
  try {
    // Before any timed line: the file's mtime, and the file is then read whole on change.
    claude(1, "none");
    await same("a first line with no time");
    claude(2, "valid");
    await same("a timed line after it");
    // After a timed line: that line's time, carried in the cursor across appends.
    tree.apply({ kind: "claude", file: 1, req: 3, out: 5, cached: 0, partial: false });
    await same("a timed line in another file");
    tree.apply({ kind: "claude", file: 1, req: 4, out: 5, cached: 0, partial: false, time: "bad" });
    await same("a line whose time does not parse");
    tree.apply({ kind: "claude", file: 1, req: 5, out: 5, cached: 0, partial: false });
    await same("an append after it");
    tree.apply({ kind: "codex", file: 0, input: 100, out: 9, repeat: false });
    tree.apply({ kind: "codex", file: 0, input: 50, out: 4, repeat: false, time: "none" });
    await same("a Codex count with no time");
    tree.apply({ kind: "codex", file: 0, input: 70, out: 2, repeat: false });
    await same("an append after it");
  } finally {
    t.done();
  }
});
