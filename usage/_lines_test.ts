import { test } from "node:test";
import assert from "node:assert/strict";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { scanMarkedLines } from "./_lines.ts";

function naive(text: string, start: number, markers: string[], skip?: RegExp) {
  const bytes = Buffer.from(text);
  const lines: [string, number][] = [];
  let at = start;
  let end = start;
  let tail: { text: string; at: number } | undefined;
  const rest = bytes.subarray(start);
  let offset = 0;
  while (offset < rest.length) {
    const nl = rest.indexOf(10, offset);
    const stop = nl === -1 ? rest.length : nl;
    const line = rest.subarray(offset, stop).toString("latin1");
    const skipped = skip !== undefined && new RegExp(`^(?:${skip.source})`).test(line);
    const marked = !skipped && markers.some((m) => line.includes(m));
    if (nl === -1) {
      if (marked) tail = { text: line, at };
      break;
    }
    if (marked) lines.push([line, at]);
    offset = nl + 1;
    at = start + offset;
    end = at;
  }
  return { lines, end, tail };
}

function run(text: string, start: number, markers: string[], chunk: number, skip?: RegExp) {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const file = join(dir, "f.jsonl");
    writeFileSync(file, text);
    const fd = openSync(file, "r");
    const lines: [string, number][] = [];
    const size = Buffer.byteLength(text);
    const result = scanMarkedLines(
      fd,
      start,
      size,
      markers,
      (t, a) => lines.push([t, a]),
      chunk,
      skip,
    );
    closeSync(fd);
    return { lines, end: result.end, tail: result.tail };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("marked lines come out whole with their byte offsets across chunk edges", () => {
  const piece = fc.oneof(
    fc.constantFrom("\n", "\n", "usage", "tok", "é", "x".repeat(70), "\r\n", "to_k", "_k", "_"),
    fc.string({ maxLength: 12 }),
  );
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 60 }),
      fc.integer({ min: 16, max: 96 }),
      (parts, chunk) => {
        const text = parts.join("");
        // Several markers (one search for all, by their anchors: `_k` for `to_k`)
        // and one (each line searched from its end).
        for (const markers of [["usage", "tok"], ["usage", "to_k", "x_k"], ["usage"]]) {
          assert.deepEqual(run(text, 0, markers, chunk), naive(text, 0, markers));
        }
      },
    ),
    { numRuns: 300 },
  );
});

test("lines whose start `skip` matches are passed over, however long", () => {
  const piece = fc.oneof(
    fc.constantFrom("\n", "\n", "usage", "tok", "é", "x".repeat(70), "ab", "skip:", "_k"),
    fc.string({ maxLength: 12 }),
  );
  // Lines starting `skip:` or with a run of x's are ignored by their start.
  const skip = /skip:|x{40}/y;
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 60 }),
      fc.integer({ min: 80, max: 160 }), // `skip`'s match fits in half a chunk
      (parts, chunk) => {
        const text = parts.join("");
        for (const markers of [["usage", "tok"], ["usage"]]) {
          const got = run(text, 0, markers, chunk, skip);
          const want = naive(text, 0, markers, skip);
          assert.deepEqual(got.lines, want.lines);
          assert.deepEqual(got.tail, want.tail);
          // A skipped last line without its newline is left for later, as an unmarked one.
          assert.equal(got.end, want.end);
        }
      },
    ),
    { numRuns: 400 },
  );
});

test("a scan resumes from a line start and ends at the last complete line", () => {
  const text = 'a\n{"usage":1}\nb\n{"usage":2}\n{"usage":3';
  const first = run(text, 0, ['"usage"'], 64);
  assert.deepEqual(first.lines.map((l) => l[0]), ['{"usage":1}', '{"usage":2}']);
  assert.equal(first.tail?.text, '{"usage":3');
  const again = run(text, 16, ['"usage"'], 64);
  assert.deepEqual(again.lines, [['{"usage":2}', 16]]);
  assert.equal(again.end, 28);
});

test("a marker deep inside a very long line still yields the whole line", () => {
  const long = `{"pad":"${"z".repeat(5000)}","usage":7}`;
  const text = `x\n${long}\n{"other":1}\n`;
  const got = run(text, 0, ['"usage"'], 32);
  assert.deepEqual(got.lines, [[long, 2]]);
  assert.equal(got.end, Buffer.byteLength(text));
});
