import { test } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { scanUsage } from "./scan.ts";
import { loadSnapshot, saveSnapshotTable } from "./_snapshot.ts";
import { DeltaRows, encodeDelta, saveDelta } from "./_delta.ts";
import { tableOf } from "./table.ts";
import { hostAt, tempCopy } from "../tests/_helpers/usage.ts";

const line = (id: string, out: number) =>
  JSON.stringify({
    type: "assistant",
    sessionId: "s",
    timestamp: `2026-01-01T00:00:${String(out % 60).padStart(2, "0")}Z`,
    requestId: `r-${id}`,
    message: { id, model: "m", usage: { input_tokens: 10, output_tokens: out } },
  }) + "\n";

function setup() {
  const t = tempCopy();
  const projects = join(t.dir, ".claude", "projects", "p");
  mkdirSync(projects, { recursive: true });
  const file = join(projects, "s.jsonl");
  const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
  const scan = (cache = true) => scanUsage({ machine, platforms: ["claude-code"], cache });
  const cache = join(t.dir, "data", "cache", "usage");
  /** The kept-state scan's records, checked against a full read's. */
  const check = async () => {
    const kept = await scan();
    const full = await scan(false);
    const key = (r: { ts: number; tokens: object }) => JSON.stringify([r.ts, r.tokens]);
    assert.deepEqual(kept.records.map(key).sort(), full.records.map(key).sort());
    return kept;
  };
  return {
    ...t,
    file,
    scan,
    check,
    delta: join(cache, "claude-code.delta.bin"),
    records: join(cache, "claude-code.records.bin"),
    cursors: join(cache, "claude-code.cursors.json"),
    keys: join(cache, "claude-code.keys.bin"),
  };
}

const many = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => line(`m${from + i}`, 1 + i)).join("");

test("a small append writes a delta beside an unchanged snapshot, and the next scan applies it", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, many(40));
    await s.check();
    const snapshot = readFileSync(s.records);
    appendFileSync(s.file, line("new", 7) + line("m3", 50)); // a new key, and one that wins
    const appended = await s.check();
    assert.equal(appended.records.length, 41);
    assert.ok(existsSync(s.delta));
    assert.deepEqual(readFileSync(s.records), snapshot);
    const again = await s.check(); // nothing new: the snapshot with its delta
    assert.equal(again.stats.sourcesRead, 0);
    assert.equal(again.records.reduce((n, r) => n + r.tokens.output, 0), 820 + 7 + 50 - 4);
  } finally {
    s.done();
  }
});

test("a delta past 5 % of the snapshot's rows is folded into a new snapshot", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, many(40));
    await s.check();
    const snapshot = readFileSync(s.records);
    appendFileSync(s.file, many(2, 100)); // 2 of 40: kept as a delta
    await s.check();
    assert.ok(existsSync(s.delta));
    appendFileSync(s.file, many(1, 200)); // 3 of 40 (7.5 %): folded
    const folded = await s.check();
    assert.equal(folded.records.length, 43);
    assert.equal(existsSync(s.delta), false);
    assert.notDeepEqual(readFileSync(s.records), snapshot);
    appendFileSync(s.file, many(1, 300)); // a delta of the new snapshot
    assert.equal((await s.check()).records.length, 44);
    assert.ok(existsSync(s.delta));
  } finally {
    s.done();
  }
});

test("a damaged delta, keys or cursors file is ignored and the counts stay exact", async () => {
  for (const damage of ["delta", "keys", "cursors"] as const) {
    const s = setup();
    try {
      writeFileSync(s.file, many(40));
      await s.check();
      appendFileSync(s.file, many(1, 100));
      await s.check();
      const path = s[damage];
      const bytes = readFileSync(path);
      writeFileSync(path, bytes.subarray(0, bytes.length - 5));
      assert.equal((await s.check()).records.length, 41, damage);
      appendFileSync(s.file, many(1, 200));
      assert.equal((await s.check()).records.length, 42, damage);
    } finally {
      s.done();
    }
  }
});

test("a crash between writing the delta and the cursors never counts a row twice", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, many(40));
    await s.check();
    appendFileSync(s.file, many(1, 100));
    await s.check();
    const before = join(s.dir, "cursors.before");
    copyFileSync(s.cursors, before);
    appendFileSync(s.file, line("m100", 90) + many(1, 200)); // a winning copy and a new key
    await s.check();
    copyFileSync(before, s.cursors); // as if the cursors were never written
    const after = await s.check();
    assert.equal(after.records.length, 42);
    appendFileSync(s.file, many(1, 300));
    assert.equal((await s.check()).records.length, 43);
  } finally {
    s.done();
  }
});

test("a file truncated after many small appends is read again from the start", async () => {
  const s = setup();
  try {
    writeFileSync(s.file, many(60));
    await s.check();
    for (let i = 0; i < 12; i++) {
      appendFileSync(s.file, line(`m${i * 7}`, 70 + i) + many(1, 1000 + i));
      await s.check();
    }
    truncateSync(s.file, Buffer.byteLength(many(30)));
    assert.equal((await s.check()).records.length, 30);
    appendFileSync(s.file, many(1, 5000));
    assert.equal((await s.check()).records.length, 31);
  } finally {
    s.done();
  }
});

test("a delta applies only to the snapshot whose id it names", () => {
  const s = setup();
  try {
    const dir = join(s.dir, "cache");
    mkdirSync(dir);
    const rec = (out: number) => ({
      ts: 1,
      sessionId: "s",
      projectKey: "p",
      tokens: { input: 1, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output: out, reasoning: 0 },
    });
    const base = tableOf("claude-code", "host-reported", [rec(1), rec(2)]);
    saveSnapshotTable(dir, 1, "id-a", "fp-a", { table: base, problems: [] });
    const fresh = new DeltaRows("claude-code", "host-reported", {
      keys: ["k"],
      secondary: [0],
      table: tableOf("claude-code", "host-reported", [rec(5)], false),
    });
    const delta = {
      base: "id-a",
      fingerprint: "fp-b",
      problems: [],
      fresh,
      overrides: new DeltaRows("claude-code", "host-reported"),
      replaces: [],
    };
    saveDelta(dir, "claude-code", encodeDelta(1, delta));
    const applied = loadSnapshot(dir, "claude-code", "host-reported", 1, "fp-b");
    assert.deepEqual(Array.from(applied!.table.output), [1, 2, 5]);
    // A new snapshot of the same fingerprint, under another id: the old delta is stale.
    saveSnapshotTable(dir, 1, "id-c", "fp-a", { table: base, problems: [] });
    assert.equal(loadSnapshot(dir, "claude-code", "host-reported", 1, "fp-b"), undefined);
    assert.equal(loadSnapshot(dir, "claude-code", "host-reported", 2, "fp-a"), undefined);
  } finally {
    s.done();
  }
});

test("a log rewritten in place under the same size is read again, whatever bytes changed", async () => {
  const s = setup();
  try {
    const long = (out: number) =>
      JSON.stringify({
        type: "assistant",
        sessionId: "s",
        timestamp: "2026-01-01T00:00:00Z",
        requestId: "r-long",
        message: {
          id: "long",
          model: "m",
          content: [{ type: "text", text: "x".repeat(700) }],
          usage: { input_tokens: 10, output_tokens: out },
        },
        padding: "y".repeat(700),
      }) + "\n";
    writeFileSync(s.file, long(111));
    await s.check();
    // The count sits ~700 bytes from either end: outside the sampled head and tail.
    writeFileSync(s.file, long(999));
    utimesSync(s.file, 1_790_000_000, 1_790_000_000);
    const again = await s.check();
    assert.equal(again.records[0].tokens.output, 999);
  } finally {
    s.done();
  }
});
