import { test } from "node:test";
import assert from "node:assert/strict";
import { DropLedger, LINE_HEAD_BYTES, LINE_TAIL_BYTES, readLedger } from "./drop_ledger.ts";

const text = (s: string) => new TextEncoder().encode(s);
const str = (b: Uint8Array) => new TextDecoder().decode(b);

test("each dropped line piece keeps its length, first and last bytes, and whether it ended", () => {
  const ledger = new DropLedger();
  const long = "a".repeat(LINE_HEAD_BYTES) + "b".repeat(1000) + "c".repeat(LINE_TAIL_BYTES);
  // A line cut across three chunks, a short one, then the start of another.
  ledger.add(1, text(long.slice(0, 700)));
  ledger.add(0, text("req\n"));
  ledger.add(1, text(long.slice(700, 1200)));
  ledger.add(1, text(long.slice(1200) + "\nshort\nnext"));
  assert.ok(ledger.waiting);
  const read = readLedger(ledger.take())!;
  assert.equal(ledger.waiting, false);
  assert.equal(read.incomplete, 0);
  assert.deepEqual(
    read.pieces.map((p) => [p.tag, p.length, str(p.head), str(p.tail), p.ended]),
    [
      [0, 3, "req", "", true],
      [1, long.length, "a".repeat(LINE_HEAD_BYTES), "c".repeat(LINE_TAIL_BYTES), true],
      [1, 5, "short", "", true],
      [1, 4, "next", "", false],
    ],
  );
});

test("a tail shorter than the window keeps the bytes before it", () => {
  const ledger = new DropLedger();
  ledger.add(0, text("h".repeat(LINE_HEAD_BYTES) + "0123456789"));
  for (let i = 0; i < 5; i++) ledger.add(0, text(String.fromCharCode(65 + i)));
  const [piece] = readLedger(ledger.take())!.pieces;
  assert.equal(str(piece.tail), "0123456789ABCDE");
  assert.equal(piece.length, LINE_HEAD_BYTES + 15);
});

test("a line end right at a chunk's start ends the piece before it, with no bytes of its own", () => {
  const ledger = new DropLedger();
  ledger.add(1, text("abc"));
  ledger.add(1, text("\n"));
  assert.deepEqual(readLedger(ledger.take())!.pieces.map((p) => [p.length, p.ended]), [[3, true]]);
});

test("pieces that do not fit mark their side incomplete and nothing after them is kept", () => {
  const ledger = new DropLedger(1024);
  ledger.add(0, text("x".repeat(2000) + "\n"));
  ledger.add(1, text("y".repeat(2000) + "\n"));
  ledger.add(0, text("small\n"));
  const read = readLedger(ledger.take())!;
  assert.deepEqual(read.pieces.map((p) => p.tag), [0]);
  assert.equal(read.incomplete, 0b11);
  // The next ledger starts clean.
  ledger.add(0, text("again\n"));
  assert.deepEqual(readLedger(ledger.take())!, {
    pieces: [{ tag: 0, length: 5, head: text("again"), tail: new Uint8Array(0), ended: true }],
    incomplete: 0,
  });
});

test("a gap record without a ledger reads as none", () => {
  assert.equal(readLedger(new Uint8Array([2])), undefined);
});
