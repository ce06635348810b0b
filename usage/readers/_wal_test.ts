import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { applyFrames, inWalMode, markRollback, readWal } from "./_wal.ts";
import { usageFixture } from "../../tests/_helpers/usage.ts";

const db = () => new Uint8Array(readFileSync(usageFixture("goose-wal/sessions.db")));
const wal = () => new Uint8Array(readFileSync(usageFixture("goose-wal/sessions.db-wal")));

test("a WAL's committed frames are read with their page numbers and final size", () => {
  const commit = readWal(wal())!;
  assert.equal(commit.pageSize, 4096);
  assert.deepEqual(commit.frames.map(([page]) => page), [2, 2, 3]);
  assert.equal(commit.pages, 3);
});

test("a frame cut short or with a bad checksum ends the log at the last good commit", () => {
  const full = wal();
  // The second commit (the new session) spans the last two frames: only the first commit stays.
  assert.equal(readWal(full.subarray(0, full.length - 1000))!.frames.length, 1);
  const flipped = wal();
  flipped[flipped.length - 1] ^= 0xff;
  assert.equal(readWal(flipped)!.frames.length, 1);
  const header = wal();
  header[12] ^= 1; // the checkpoint sequence no longer matches the header checksum
  assert.equal(readWal(header), undefined);
  const salted = wal();
  salted[32 + 8] ^= 1; // the first frame's salt is from an earlier log
  assert.equal(readWal(salted), undefined);
  assert.equal(readWal(full.subarray(0, 20)), undefined);
});

test("frames are applied in log order, so a page's last committed version wins", () => {
  const image = db();
  const log = wal();
  const commit = readWal(log)!;
  applyFrames(image, log, commit);
  const [, last] = commit.frames.filter(([page]) => page === 2).pop()!;
  assert.deepEqual(image.subarray(4096, 8192), log.subarray(last, last + 4096));
});

test("the header says whether the WAL belongs to the database; rollback mode is set in place", () => {
  const image = db();
  assert.equal(inWalMode(image.subarray(0, 100)), true);
  assert.equal(inWalMode(new Uint8Array(0)), true);
  markRollback(image);
  assert.deepEqual([image[18], image[19]], [1, 1]);
  assert.equal(inWalMode(image.subarray(0, 100)), false);
});
