import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ByteReader, ByteWriter, readRows, readTable, writeRows, writeTable } from "./_codec.ts";
import { INDEX_COLUMNS, NUMBER_COLUMNS, type RecordTable } from "./table.ts";

// Columns that each narrow differently: constant, small, wide, negative, fractional, NaN.
const number = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 300 }),
  fc.integer({ min: 0, max: 70_000 }),
  fc.integer({ min: 0, max: 2 ** 33 }),
  fc.integer({ min: -5, max: 5 }),
  fc.constant(NaN),
  fc.double({ noNaN: true }),
  fc.constant(1.7e12 + 0.5),
);

const table = fc.integer({ min: 0, max: 40 }).chain((count) =>
  fc.record({
    strings: fc.array(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 5 }),
    numbers: fc.array(fc.array(number, { minLength: count, maxLength: count }), {
      minLength: NUMBER_COLUMNS.length,
      maxLength: NUMBER_COLUMNS.length,
    }),
    indexes: fc.array(
      fc.array(fc.integer({ min: -1, max: 0 }), { minLength: count, maxLength: count }),
      {
        minLength: INDEX_COLUMNS.length,
        maxLength: INDEX_COLUMNS.length,
      },
    ),
    count: fc.constant(count),
  })
).map(({ strings, numbers, indexes, count }) => {
  const t = { platform: "codex", confidence: "host-reported", count, strings } as RecordTable;
  NUMBER_COLUMNS.forEach((c, k) => (t[c] = Float64Array.from(numbers[k])));
  INDEX_COLUMNS.forEach((c, k) => (t[c] = Int32Array.from(indexes[k])));
  return t;
});

test("a table reads back exactly as written, whatever form each column narrows to", () => {
  fc.assert(
    fc.property(table, (t) => {
      const w = new ByteWriter();
      w.u32(7); // misalign what follows
      writeTable(w, t);
      const r = new ByteReader(w.result());
      assert.equal(r.u32(), 7);
      const back = readTable(r, "codex", "host-reported");
      assert.equal(back.count, t.count);
      for (const c of [...NUMBER_COLUMNS, ...INDEX_COLUMNS]) {
        assert.deepEqual(Array.from(back[c]), Array.from(t[c]), c);
      }
    }),
    { numRuns: 300 },
  );
});

test("keyed rows read back with their keys, flags and strings", () => {
  fc.assert(
    fc.property(table, fc.array(fc.string(), { maxLength: 40 }), (t, words) => {
      const keys = Array.from({ length: t.count }, (_, i) => `${words[i] ?? ""}#${i}`);
      const secondary = keys.map((_, i) => i % 2);
      const w = new ByteWriter();
      writeRows(w, { keys, secondary, table: t });
      const back = readRows(w.result().slice(), "codex", "host-reported");
      assert.deepEqual(back.keys, keys);
      assert.deepEqual(Array.from(back.secondary), secondary);
      assert.deepEqual(back.table.strings, t.strings);
      for (const c of NUMBER_COLUMNS) assert.deepEqual(Array.from(back.table[c]), Array.from(t[c]));
    }),
    { numRuns: 200 },
  );
});

test("a writer given a starting size writes the same bytes, growing when the size was too small", () => {
  const write = (w: ByteWriter) => {
    w.u32(7);
    w.json({ a: "é" });
    w.block(new Uint8Array(100).fill(3));
    w.typed(new Float64Array([1.5, -2]));
    return w.result().slice();
  };
  const plain = write(new ByteWriter());
  assert.deepEqual(write(new ByteWriter(1)), plain);
  assert.deepEqual(write(new ByteWriter(plain.length)), plain);
  assert.deepEqual(write(new ByteWriter(1 << 16)), plain);
});
