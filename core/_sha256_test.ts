import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { sha256HexLean } from "./_sha256.ts";

function reference(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

test("the plain-JavaScript SHA-256 equals node:crypto's for every padding length and UTF-8 text", () => {
  // Lengths around the 55/56/64-byte padding boundaries and several blocks.
  for (let n = 0; n <= 200; n++) {
    const text = "a".repeat(n);
    assert.equal(sha256HexLean(text), reference(text), `length ${n}`);
  }
  for (
    const text of [
      "github.com/acme/db",
      "c:/users/ken/projects/日本語",
      "emoji 😀 and \u0000 nul",
      "x".repeat(10_000),
    ]
  ) assert.equal(sha256HexLean(text), reference(text), text.slice(0, 20));
});
