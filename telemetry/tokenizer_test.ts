import { before, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { type CountFn, countSegment, countText, loadO200k, segments } from "./tokenizer.ts";

let count: CountFn;
before(async () => {
  count = await loadO200k();
});

test("o200k counts a known sentence", () => {
  assert.equal(count("hello world"), 2);
});

test("special-token strings are counted as plain text, never rejected", () => {
  assert.ok(count("<|endoftext|>") > 1);
});

let cutsChecked = 0;
test("segmenting a text at safe cuts gives exactly the count of the whole text", () => {
  const alphabet = fc.constantFrom(
    "a",
    "B",
    "z",
    " ",
    "  ",
    "\n",
    "\r\n",
    "\t",
    "/",
    "//",
    "'s",
    "'T",
    "1",
    "234",
    ".",
    "{",
    '"',
    "é",
    "日本",
    "😀",
    "ß",
    "\u0301",
    "–",
    "\u00a0",
  );
  fc.assert(
    fc.property(fc.array(alphabet, { minLength: 20, maxLength: 400, size: "max" }), (parts) => {
      const text = parts.join("");
      let total = 0;
      let exact = true;
      let pieces = 0;
      for (const s of segments(text, 16)) {
        pieces++;
        const part = countSegment(count, s);
        total += part.tokens;
        exact &&= part.exact;
      }
      if (exact) assert.equal(total, count(text), JSON.stringify(text));
      if (exact && pieces > 3) cutsChecked++;
    }),
    { numRuns: 300 },
  );
  assert.ok(cutsChecked > 100, `only ${cutsChecked} multi-segment texts were checked`);
});

test("prose of many segments is counted exactly", () => {
  const text = "The quick brown fox — naïve café, 日本語 😀.\nNext line / path\n".repeat(3000);
  const result = countText(count, text);
  assert.deepEqual(result, { tokens: count(text), exact: true });
});

test("a very long run is counted in pieces, quickly, and marked inexact", () => {
  const text = `start ${"x".repeat(200_000)} end`;
  const result = countText(count, text);
  assert.equal(result.exact, false);
  // 200,000 'x' is about 25,000 tokens (8 per token); pieces keep it close.
  assert.ok(result.tokens > 20_000 && result.tokens < 40_000, String(result.tokens));
});

test("segments never split a surrogate pair", () => {
  const text = "😀".repeat(50_000);
  for (const s of segments(text, 1001)) {
    const last = s.text.charCodeAt(s.text.length - 1);
    assert.ok(!(last >= 0xd800 && last <= 0xdbff));
  }
});
