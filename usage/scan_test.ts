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
    cacheFile: join(cacheDir, "claude-code.cursors.bin"),
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
    assert.deepEqual(names, ["claude-code.cursors.bin"]);
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

test("a damaged or foreign cursors file is read as empty: every source is read again", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3) + line("b", 5));
    const first = await s.scan();
    for (const bad of ["garbage", "", "\u0000".repeat(64)]) {
      writeFileSync(s.cacheFile, bad);
      const recovered = await s.scan();
      assert.equal(recovered.stats.sourcesRead, 1, JSON.stringify(bad));
      assert.deepEqual(buckets(recovered.records), buckets(first.records));
      assert.equal((await s.scan()).stats.sourcesRead, 0, "kept again");
    }
  } finally {
    s.done();
  }
});

test("each source keeps its own cursor: an append reads only its file, a rewrite or removal only that one", async () => {
  const s = setup();
  try {
    const other = join(s.dir, ".claude", "projects", "p", "t.jsonl");
    writeFileSync(s.file, line("a", 3));
    writeFileSync(other, line("b", 5));
    await s.scan();
    appendFileSync(s.file, line("a", 30) + line("c", 1)); // "a" grows, "c" is new
    const appended = await s.scan();
    assert.equal(appended.stats.sourcesRead, 1);
    assert.equal(appended.stats.bytesRead, Buffer.byteLength(line("a", 30) + line("c", 1)));
    assert.deepEqual(buckets(appended.records), [30, 0, 0, 36]);
    writeFileSync(other, line("d", 2)); // rewritten: read whole
    const rewritten = await s.scan();
    assert.equal(rewritten.stats.sourcesRead, 1);
    assert.deepEqual(buckets(rewritten.records), [30, 0, 0, 33]);
    rmSync(other);
    const removed = await s.scan();
    assert.equal(removed.stats.sourcesRead, 0);
    assert.deepEqual(buckets(removed.records), [20, 0, 0, 31]);
  } finally {
    s.done();
  }
});

test("a file replaced under a new inode, even grown, is read whole", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3));
    await s.scan();
    // Log rotation: a new file at the same path, starting with the same bytes and longer.
    const { renameSync } = await import("node:fs");
    const fresh = s.file + ".new";
    writeFileSync(fresh, line("a", 3) + line("b", 5));
    renameSync(fresh, s.file);
    const again = await s.scan();
    assert.equal(again.stats.bytesRead, Buffer.byteLength(line("a", 3) + line("b", 5)));
    assert.deepEqual(buckets(again.records), [20, 0, 0, 8]);
  } finally {
    s.done();
  }
});

test("a file that grew but whose earlier bytes changed is read whole", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3) + line("b", 5));
    await s.scan();
    const { openSync, writeSync, closeSync } = await import("node:fs");
    // Rewritten in place (same inode) with other ids, then grown.
    const fd = openSync(s.file, "r+");
    writeSync(fd, line("x", 4) + line("y", 6) + line("z", 1), 0);
    closeSync(fd);
    const again = await s.scan();
    assert.deepEqual(buckets(again.records), [30, 0, 0, 11]);
  } finally {
    s.done();
  }
});

test("a run that may not write keeps nothing and reads everything", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, line("a", 3));
    const host = hostAt(s.dir, { AGENT_CONNECTOR_DATA_DIR: join(s.dir, "data") });
    const once = await scanUsage({ machine: host, platforms: ["claude-code"], cache: false });
    assert.equal(once.stats.cached, false);
    assert.ok(!existsSync(s.cacheDir));
    const twice = await scanUsage({ machine: host, platforms: ["claude-code"], cache: false });
    assert.equal(twice.stats.sourcesRead, 1);
    assert.deepEqual(buckets(twice.records), [10, 0, 0, 3]);
  } finally {
    s.done();
  }
});
