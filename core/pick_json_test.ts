import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Buffer } from "node:buffer";
import { pickJson, pickJsonBytes, type PickSpec } from "./pick_json.ts";

function project(value: unknown, spec: PickSpec): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const want = Object.hasOwn(spec, k) ? spec[k] : undefined;
    if (want === true) out[k] = v;
    else if (want) out[k] = project(v, want);
  }
  return out;
}

const spec: PickSpec = { a: true, b: { c: true, d: { e: true } }, 'k"q': true };
const key = fc.constantFrom("a", "b", "c", "d", "e", "x", 'k"q', "\\", "é");

test("picking equals projecting what JSON.parse returns, whatever the spacing", () => {
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { maxDepth: 4 },
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(key, tie("node"), { maxKeys: 5 }),
    ),
  })).node;
  fc.assert(
    fc.property(
      fc.dictionary(key, value, { maxKeys: 6 }),
      fc.constantFrom(undefined, 1, "\t", " \r\n "),
      (obj, space) => {
        const text = JSON.stringify(obj, null, space as string | number | undefined);
        assert.deepEqual(pickJson(text, spec), project(JSON.parse(text), spec));
      },
    ),
    { numRuns: 400 },
  );
});

test("every truncation or merge of a line is rejected like JSON.parse rejects it", () => {
  fc.assert(
    fc.property(
      fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 5 }),
      fc.nat(),
      (obj, cut) => {
        const text = JSON.stringify(obj);
        const short = text.slice(0, cut % text.length);
        assert.throws(() => pickJson(short, spec), SyntaxError);
        assert.throws(() => pickJson(text + text, spec), SyntaxError);
      },
    ),
    { numRuns: 300 },
  );
});

test("escaped quotes and backslashes inside skipped strings do not end them early", () => {
  const text = JSON.stringify({
    x: 'say \\"a\\" and "b" \\',
    a: { deep: [1, "}]", { "\\": '"' }] },
    b: { c: 2 },
  });
  assert.deepEqual(pickJson(text, spec), { a: { deep: [1, "}]", { "\\": '"' }] }, b: { c: 2 } });
  assert.throws(() => pickJson('{"x": tru, "a": 1}', spec), SyntaxError);
});

/** The one-char-per-byte string of `bytes`, as usage/_lines.ts and serve once built it. */
const binaryOf = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
const utf8Of = (text: string) => new TextEncoder().encode(text);
// Keys and text of every UTF-8 length, escapes, quotes and backslashes.
const wild = fc.constantFrom(
  "a",
  "b",
  "c",
  "d",
  "é",
  "日本",
  "😀",
  '"',
  "\\",
  '\\"',
  "\n",
  "\u2028",
);
const wildText = fc.array(wild, { maxLength: 8 }).map((parts) => parts.join(""));

test("picking from bytes equals picking from their binary string, value for value", () => {
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { maxDepth: 4 },
      fc.jsonValue({ maxDepth: 2 }),
      wildText,
      fc.array(tie("node"), { maxLength: 3 }),
      fc.dictionary(fc.oneof(key, wildText), tie("node"), { maxKeys: 5 }),
    ),
  })).node;
  fc.assert(
    fc.property(
      fc.dictionary(fc.oneof(key, wildText), value, { maxKeys: 6 }),
      fc.constantFrom(undefined, 1, "\t", " \r\n "),
      (obj, space) => {
        const text = JSON.stringify(obj, null, space as string | number | undefined);
        const bytes = utf8Of(text);
        const picked = pickJsonBytes(bytes, spec);
        assert.deepEqual(picked, pickJson(binaryOf(bytes), spec, true));
        assert.deepEqual(picked, project(JSON.parse(text), spec));
      },
    ),
    { numRuns: 400 },
  );
});

test("bytes are rejected exactly where their binary string is", () => {
  fc.assert(
    fc.property(
      fc.dictionary(fc.oneof(key, wildText), fc.oneof(wildText, fc.jsonValue({ maxDepth: 3 })), {
        minKeys: 1,
        maxKeys: 5,
      }),
      fc.nat(),
      fc.nat(),
      (obj, cut, at) => {
        const whole = utf8Of(JSON.stringify(obj));
        // Truncated, merged, or one byte changed to a structural one.
        const changed = whole.slice();
        changed[at % changed.length] = [0x7b, 0x22, 0x5c, 0x2c, 0x5d][at % 5];
        for (
          const bytes of [
            whole.subarray(0, cut % whole.length),
            utf8Of(JSON.stringify([obj])),
            changed,
          ]
        ) {
          let expected: unknown;
          try {
            expected = pickJson(binaryOf(bytes), spec, true);
          } catch (e) {
            assert.throws(() => pickJsonBytes(bytes, spec), (e as Error).constructor as never);
            continue;
          }
          assert.deepEqual(pickJsonBytes(bytes, spec), expected);
        }
      },
    ),
    { numRuns: 300 },
  );
});

test("bytes in a view of shared memory, with escaped quotes before a picked field, are read in place", () => {
  const text = JSON.stringify({
    x: 'say \\"a\\" and "b" \\',
    a: 'naïve 😀 "q"',
    b: { c: [1, "}"] },
  });
  const memory = new SharedArrayBuffer(1024);
  const view = new Uint8Array(memory, 7, utf8Of(text).length);
  view.set(utf8Of(text));
  assert.deepEqual(pickJsonBytes(view, spec), { a: 'naïve 😀 "q"', b: { c: [1, "}"] } });
  assert.deepEqual(pickJsonBytes(utf8Of(' [1, "é"] '), spec), [1, "é"]);
  for (const bad of ['{"a": 1} {', '{"x": [1}, "a": 1}', '{"x": tru, "a": 1}', '{"x": "\\"}']) {
    assert.throws(() => pickJson(bad, spec), SyntaxError, bad);
    assert.throws(() => pickJsonBytes(utf8Of(bad), spec), SyntaxError, bad);
  }
});
