import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { pickJson, type PickSpec } from "./pick_json.ts";

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
