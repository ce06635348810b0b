import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { applyWal, readWal } from "./_wal.ts";
import { usageFixture } from "../../tests/_helpers/usage.ts";

const db = () => readFileSync(usageFixture("goose-wal/sessions.db"));
const wal = () => readFileSync(usageFixture("goose-wal/sessions.db-wal"));

test("a WAL's committed frames are read with their page numbers and final size", () => {
  const commit = readWal(wal())!;
  assert.equal(commit.pageSize, 4096);
  assert.equal(commit.frames.length, 3);
  assert.equal(commit.pages, 3);
});

test("a frame cut short or with a bad checksum ends the log at the last good commit", () => {
  const full = wal();
  const torn = full.subarray(0, full.length - 1000);
  // The second commit (the new session) spans the last two frames: only the first commit stays.
  assert.equal(readWal(torn)!.frames.length, 1);
  const flipped = new Uint8Array(full);
  flipped[flipped.length - 1] ^= 0xff;
  assert.equal(readWal(flipped)!.frames.length, 1);
  const header = new Uint8Array(full);
  header[12] ^= 1; // checkpoint sequence no longer matches the header checksum
  assert.equal(readWal(header), undefined);
  assert.equal(readWal(full.subarray(0, 20)), undefined);
});

test("applying a WAL copies the database, flags it rollback mode and leaves the input as read", () => {
  const main = new Uint8Array(db());
  const before = new Uint8Array(main);
  const image = applyWal(main, wal());
  assert.deepEqual(main, before);
  assert.equal(image[18], 1);
  assert.equal(image[19], 1);
  assert.notDeepEqual(image.subarray(4096), before.subarray(4096));
  const alone = applyWal(main, undefined);
  assert.equal(alone[18], 1);
  assert.deepEqual(main, before);
  const buffer = db(); // a Buffer, whose slice() would share memory
  assert.equal(applyWal(buffer, undefined)[18], 1);
  assert.equal(buffer[18], 2);
});

test("a WAL beside a database not in WAL mode is ignored, as SQLite does", () => {
  const main = new Uint8Array(db());
  main[18] = 1;
  main[19] = 1;
  assert.deepEqual(applyWal(main, wal()), main);
});
