import { test } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { scanUsage } from "./scan.ts";
import { buckets, hostAt, tempCopy, usageFixture } from "../tests/_helpers/usage.ts";

const line = (id: string, out: number, extra: object = {}) =>
  JSON.stringify({
    type: "assistant",
    sessionId: "s",
    timestamp: "2026-01-01T00:00:00Z",
    requestId: `r-${id}`,
    message: {
      id,
      model: "m",
      content: [{ type: "text", text: "secret prompt words" }],
      usage: { input_tokens: 10, output_tokens: out },
    },
    ...extra,
  }) + "\n";

function setup() {
  const t = tempCopy();
  const projects = join(t.dir, ".claude", "projects", "p");
  mkdirSync(projects, { recursive: true });
  const file = join(projects, "s.jsonl");
  const env = { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") };
  const scan = () =>
    scanUsage({ machine: hostAt(t.dir, env), platforms: ["claude-code"], cache: true });
  const cacheDir = join(t.dir, "data", "cache", "usage");
  return {
    ...t,
    file,
    scan,
    cacheDir,
    cacheFile: join(cacheDir, "claude-code.cursors.json"),
    rowsFile: join(cacheDir, "claude-code.rows.bin"),
    snapFile: join(cacheDir, "claude-code.records.bin"),
  };
}

test("a re-scan reads nothing when nothing changed and only the appended bytes after an append", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3) + line("b", 5));
    const first = await s.scan();
    assert.deepEqual(buckets(first.records), [20, 0, 0, 8]);
    assert.ok(existsSync(s.cacheFile));
    const again = await s.scan();
    assert.equal(again.stats.sourcesRead, 0);
    assert.deepEqual(buckets(again.records), [20, 0, 0, 8]);
    // The streamed request "b" grows, and "c" is new.
    const more = line("b", 40) + line("c", 1);
    appendFileSync(s.file, more);
    const appended = await s.scan();
    assert.equal(appended.stats.bytesRead, Buffer.byteLength(more));
    assert.deepEqual(buckets(appended.records), [30, 0, 0, 44]);
  } finally {
    s.done();
  }
});

test("a rewritten, truncated or removed file is read again or dropped", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3) + line("b", 5));
    await s.scan();
    // Rewritten: the same size and a later mtime, different bytes.
    writeFileSync(s.file, line("x", 4) + line("y", 4));
    assert.deepEqual(buckets((await s.scan()).records), [20, 0, 0, 8]);
    writeFileSync(s.file, line("x", 4) + line("y", 4) + line("z", 9));
    await s.scan();
    truncateSync(s.file, Buffer.byteLength(line("x", 4)));
    const truncated = await s.scan();
    assert.deepEqual(buckets(truncated.records), [10, 0, 0, 4]);
    rmSync(s.file);
    assert.deepEqual((await s.scan()).records, []);
  } finally {
    s.done();
  }
});

test("a Codex rollout continues its cumulative state across an append", async () => {
  const t = tempCopy();
  try {
    const dir = join(t.dir, ".codex", "sessions", "2026", "01", "01");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "rollout-x.jsonl");
    const tc = (ts: string, input: number, output: number) =>
      JSON.stringify({
        timestamp: ts,
        type: "event_msg",
        payload: {
          type: "token_count",
          info: { total_token_usage: { input_tokens: input, output_tokens: output } },
        },
      }) + "\n";
    writeFileSync(file, tc("2026-01-01T00:00:01Z", 100, 10));
    const env = { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") };
    const scan = () =>
      scanUsage({ machine: hostAt(t.dir, env), platforms: ["codex"], cache: true });
    await scan();
    appendFileSync(file, tc("2026-01-01T00:00:02Z", 100, 10) + tc("2026-01-01T00:00:03Z", 250, 30));
    const next = await scan();
    assert.ok(next.stats.bytesRead < 400);
    assert.deepEqual(buckets(next.records), [250, 0, 0, 30]);
  } finally {
    t.done();
  }
});

test("bad lines are reported once per file with the first line number, and the scan goes on", async () => {
  const s = setup();
  try {
    writeFileSync(
      s.file,
      line("a", 3) + '{"usage": broken\n' + line("b", 5) + '{"usage": also broken\n' +
        line("c", 1).trimEnd().slice(0, -5),
    );
    const other = join(s.dir, ".claude", "projects", "p", "t.jsonl");
    writeFileSync(other, line("d", 2));
    const result = await s.scan();
    assert.deepEqual(buckets(result.records), [30, 0, 0, 10]);
    assert.equal(result.problems.length, 1);
    const [p] = result.problems;
    assert.equal(p.path, s.file);
    assert.equal(p.line, 2);
    assert.equal(p.count, 3);
    assert.match(p.message, /not valid JSON/);
    // Reported again from the cache on the next scan, still once.
    const again = await s.scan();
    assert.equal(again.problems.length, 1);
  } finally {
    s.done();
  }
});

// A symlink that points at itself cannot be listed by anyone, root included
// (ELOOP), so this runs in CI as root; a folder without read permission takes
// the same path (readdir throws, not ENOENT/ENOTDIR) for other users.
test("an unreadable folder is reported once and the rest is read", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3));
    const loop = join(s.dir, ".claude", "projects", "loop");
    symlinkSync(loop, loop);
    const result = await s.scan();
    assert.equal(result.records.length, 1);
    assert.equal(result.problems.length, 1);
    assert.equal(result.problems[0].path, loop);
    assert.match(result.problems[0].message, /^cannot read this folder \(ELOOP\)/);
  } finally {
    s.done();
  }
});

test("decoding on worker threads gives exactly the records of one thread, in the same order", async () => {
  const machine = hostAt(usageFixture("agent-kit/home"));
  const one = await scanUsage({ machine, cache: false, threads: 1 });
  const two = await scanUsage({ machine, cache: false, threads: 3 });
  assert.equal(two.stats.threads, 3);
  const key = (r: { platformId: string; sessionId: string; ts: number; tokens: object }) =>
    JSON.stringify([r.platformId, r.sessionId, r.ts, r.tokens]);
  assert.deepEqual(two.records.map(key), one.records.map(key));
});

test("the cache holds counts and ids, never the text of a prompt", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3));
    await s.scan();
    const { readdirSync, readFileSync } = await import("node:fs");
    const names = readdirSync(s.cacheDir);
    assert.ok(names.length >= 4, names.join(" "));
    for (const name of names) {
      assert.doesNotMatch(
        readFileSync(join(s.cacheDir, name), "latin1"),
        /secret prompt words/,
        name,
      );
    }
  } finally {
    s.done();
  }
});

test("a re-scan of unchanged sources needs only the snapshot, and a damaged one is ignored", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3) + line("b", 5));
    const first = await s.scan();
    const snap = s.snapFile;
    assert.ok(existsSync(snap));
    rmSync(s.cacheFile); // the per-source state is not needed when nothing changed
    rmSync(s.rowsFile);
    const again = await s.scan();
    assert.equal(again.stats.sourcesRead, 0);
    assert.deepEqual(buckets(again.records), buckets(first.records));
    writeFileSync(snap, "garbage");
    const recovered = await s.scan();
    assert.equal(recovered.stats.sourcesRead, 1);
    assert.deepEqual(buckets(recovered.records), buckets(first.records));
  } finally {
    s.done();
  }
});

test("an append-only re-scan merges into the snapshot, and a later rewrite re-reads what lagged", async () => {
  const s = setup();
  try {
    const other = join(s.dir, ".claude", "projects", "p", "t.jsonl");
    writeFileSync(s.file, line("a", 3));
    writeFileSync(other, line("b", 5));
    await s.scan();
    const { statSync } = await import("node:fs");
    const rowsBefore = statSync(s.rowsFile).mtimeMs;
    appendFileSync(s.file, line("a", 30) + line("c", 1)); // "a" grows, "c" is new
    const appended = await s.scan();
    assert.equal(appended.stats.bytesRead, Buffer.byteLength(line("a", 30) + line("c", 1)));
    assert.deepEqual(buckets(appended.records), [30, 0, 0, 36]);
    assert.equal(statSync(s.rowsFile).mtimeMs, rowsBefore); // the big rows file was not touched
    writeFileSync(other, line("d", 2)); // rewritten: a full settle, s.file's rows lag its cursor
    const full = await s.scan();
    assert.deepEqual(buckets(full.records), [30, 0, 0, 33]);
    rmSync(other);
    assert.deepEqual(buckets((await s.scan()).records), [20, 0, 0, 31]);
  } finally {
    s.done();
  }
});

test("a re-scan sees a log added to, and the logs removed with, a folder whose listing it remembered", async () => {
  const s = setup();
  try {
    const { utimesSync } = await import("node:fs");
    const projects = join(s.dir, ".claude", "projects");
    const p = join(projects, "p");
    writeFileSync(s.file, line("a", 3));
    const old = new Date(Date.now() - 3_600_000); // long untouched: their listings are remembered
    for (const d of [join(s.dir, ".claude"), projects, p]) utimesSync(d, old, old);
    await s.scan();
    assert.ok(existsSync(join(s.cacheDir, "dirs.json")));
    writeFileSync(join(p, "t.jsonl"), line("b", 5));
    assert.deepEqual(buckets((await s.scan()).records), [20, 0, 0, 8]);
    mkdirSync(join(projects, "q"));
    writeFileSync(join(projects, "q", "u.jsonl"), line("c", 1));
    const later = new Date(old.getTime() + 60_000); // settled again, at a later time
    for (const d of [projects, p, join(projects, "q")]) utimesSync(d, later, later);
    assert.deepEqual(buckets((await s.scan()).records), [30, 0, 0, 9]);
    rmSync(p, { recursive: true });
    const after = await s.scan();
    assert.deepEqual(buckets(after.records), [10, 0, 0, 1]);
    assert.equal(after.stats.sources, 1);
  } finally {
    s.done();
  }
});

test("a snapshot whose keys an older version saved whole is settled afresh, not merged into", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3) + line("b", 5));
    await s.scan();
    const { readFileSync, statSync } = await import("node:fs");
    const keysFile = join(s.cacheDir, "claude-code.keys.bin");
    const old = readFileSync(keysFile);
    old.writeUInt32LE(0x334b5341, 0); // "ASK3": the whole-key format before digests
    writeFileSync(keysFile, old);
    const rowsBefore = statSync(s.rowsFile).mtimeMs;
    appendFileSync(s.file, line("a", 30) + line("c", 1));
    const again = await s.scan();
    assert.deepEqual(buckets(again.records), [30, 0, 0, 36]);
    assert.notEqual(statSync(s.rowsFile).mtimeMs, rowsBefore, "not settled in full");
    assert.notEqual(readFileSync(keysFile).readUInt32LE(0), 0x334b5341, "old keys kept");
    appendFileSync(s.file, line("b", 50));
    assert.deepEqual(buckets((await s.scan()).records), [30, 0, 0, 81]);
  } finally {
    s.done();
  }
});
