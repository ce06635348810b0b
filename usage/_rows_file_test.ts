import { test } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { Buffer } from "node:buffer";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type KeptRows, loadRows, rowsFile, RowsFileWriter } from "./_rows_file.ts";

function temp(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Bytes of odd lengths, one larger than the writer's batch, so batches end mid-entry. */
function entries(): [string, KeptRows][] {
  const bytes = (n: number, seed: number) =>
    Uint8Array.from({ length: n }, (_, i) => (i * seed) & 255);
  return [
    ["/home/u/.claude/projects/p/a.jsonl", { end: 1234, bytes: bytes(13, 7) }],
    ["empty", { end: 0, bytes: new Uint8Array(0) }],
    ["é日本\u{1f600}", { end: 2 ** 40 + 3, bytes: bytes(300_001, 11) }],
    ["last", { end: 9, bytes: bytes(5, 3) }],
  ];
}

test("a streamed rows file loads back every source's rows, each block 8-byte aligned", () => {
  const t = temp();
  try {
    const w = new RowsFileWriter(t.dir, "claude-code", 3);
    for (const [key, kept] of entries()) w.add(key, kept);
    assert.equal(w.commit(), true);
    const loaded = loadRows(t.dir, "claude-code", 3);
    assert.ok(loaded);
    assert.deepEqual([...loaded.keys()], entries().map(([key]) => key));
    for (const [key, kept] of entries()) {
      const got: KeptRows = loaded.get(key)!;
      assert.equal(got.end, kept.end);
      assert.deepEqual(got.bytes, kept.bytes);
      assert.equal(got.bytes.byteOffset % 8, 0, key);
    }
    assert.deepEqual(readdirSync(t.dir), ["claude-code.rows.bin"]); // no temporary file left
  } finally {
    t.done();
  }
});

test("a rows file of another reader version, cut short or with extra bytes is not used", () => {
  const t = temp();
  try {
    const w = new RowsFileWriter(t.dir, "codex", 1);
    for (const [key, kept] of entries()) w.add(key, kept);
    w.commit();
    assert.equal(loadRows(t.dir, "codex", 2), undefined);
    const path = rowsFile(t.dir, "codex");
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length - 4));
    assert.equal(loadRows(t.dir, "codex", 1), undefined);
    writeFileSync(path, Buffer.concat([whole, new Uint8Array(8)]));
    assert.equal(loadRows(t.dir, "codex", 1), undefined);
    writeFileSync(path, whole);
    assert.equal(loadRows(t.dir, "codex", 1)?.size, entries().length);
  } finally {
    t.done();
  }
});

test("a rows file that cannot be put in place leaves none behind, not even the old one", () => {
  const t = temp();
  try {
    const dir = join(t.dir, "cache");
    const w = new RowsFileWriter(dir, "codex", 1);
    w.add("a", { end: 1, bytes: new Uint8Array(3) });
    // The folder goes away under the writer; an old rows file is there when it ends.
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    writeFileSync(rowsFile(dir, "codex"), "old rows that lag their cursors");
    assert.equal(w.commit(), false);
    assert.equal(existsSync(rowsFile(dir, "codex")), false);
    assert.equal(loadRows(dir, "codex", 1), undefined);
  } finally {
    t.done();
  }
});
