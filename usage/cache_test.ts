import { test } from "node:test";
import assert from "node:assert/strict";
import { Cyrb53, hashBytes, hashString } from "./cache.ts";

/** The definition kept caches were keyed with: the UTF-16LE bytes through hashBytes. */
function utf16Hash(text: string): string {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  const bytes = new Uint8Array(units.buffer);
  const le = new Uint8Array(bytes.length);
  for (let i = 0; i < units.length; i++) {
    le[2 * i] = units[i] & 255;
    le[2 * i + 1] = units[i] >>> 8;
  }
  return hashBytes(le);
}

const texts = [
  "",
  "a",
  "/home/u/.claude/projects/p/s.jsonl\u0000123\u00001.5",
  "é日本\u{1f600}\u0000",
];

test("hashString keeps the value kept caches were keyed with", () => {
  for (const text of texts) assert.equal(hashString(text), utf16Hash(text), JSON.stringify(text));
});

test("a hash fed piece by piece equals the hash of the joined text", () => {
  const whole = texts.join("\n");
  const pieces = new Cyrb53();
  texts.forEach((t, i) => pieces.add(i ? "\n" + t : t));
  assert.equal(pieces.digest(), hashString(whole));
  assert.notEqual(hashString("ab"), hashString("ba"));
});

test("a number is hashed as its eight float64 bytes", () => {
  for (const n of [0, 1, 1.5, 1764489035123.25, 2 ** 53 + 2]) {
    const bytes = new Uint8Array(new Float64Array([n]).buffer);
    assert.equal(new Cyrb53().addNumber(n).digest(), hashBytes(bytes), String(n));
  }
  assert.notEqual(new Cyrb53().addNumber(1).digest(), new Cyrb53().addNumber(2).digest());
});
