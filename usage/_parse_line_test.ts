import { test } from "node:test";
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { parseLine, PICK_MIN_LENGTH, project } from "./_parse_line.ts";
import type { PickSpec } from "./reader.ts";

const binary = (text: string) => Buffer.from(text, "utf8").toString("latin1");
const spec: PickSpec = { id: true, cwd: true, message: { model: true, usage: true } };
// Non-ASCII as raw UTF-8 and as \u escapes, in picked and skipped places.
const word = fc.constantFrom("a", "é", "字", "ünï", "😀", "\u00ff", "x".repeat(40), '"', "\\");

function line(value: object, escapeAscii: boolean): string {
  const text = JSON.stringify(value);
  return escapeAscii
    ? text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    : text;
}

test("a binary line parses to exactly what its UTF-8 text parses to, in its picked part or whole", () => {
  fc.assert(
    fc.property(
      fc.record({
        id: fc.oneof(fc.string(), fc.string({ unit: word })),
        cwd: fc.string({ unit: word }),
        message: fc.record({
          model: fc.string({ unit: word }),
          content: fc.array(fc.string({ unit: word }), { maxLength: 3 }),
          usage: fc.dictionary(fc.string({ unit: word, maxLength: 2 }), fc.nat()),
        }),
        pad: fc.string({ unit: word, maxLength: 200 }),
      }),
      fc.boolean(),
      fc.boolean(),
      (value, escape, long) => {
        const big = long ? { ...value, pad: "p".repeat(PICK_MIN_LENGTH) + value.pad } : value;
        const text = line(big, escape);
        assert.deepEqual(
          project(parseLine(binary(text), spec), spec),
          project(JSON.parse(text), spec),
        );
        assert.deepEqual(parseLine(binary(text)), JSON.parse(text));
      },
    ),
    { numRuns: 300 },
  );
});

test("a line that is not JSON throws, and bad text inside a skipped string is tolerated", () => {
  assert.throws(() => parseLine('{"id": 1,'), SyntaxError);
  assert.throws(() => parseLine('{"id": 1,', spec), SyntaxError);
  const badEscape = '{"pad":"\\q","id":"x"}';
  assert.throws(() => parseLine(badEscape), SyntaxError);
  assert.deepEqual(project(parseLine(badEscape, spec), spec), { id: "x" });
});
