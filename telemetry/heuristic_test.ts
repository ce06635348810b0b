import { test } from "node:test";
import assert from "node:assert/strict";
import { heuristicTokens, imageSize, imageTokens, UNKNOWN_IMAGE_TOKENS } from "./heuristic.ts";

// A 20×20 PNG header (signature, IHDR length/type, width, height, …) in base64.
function pngBase64(width: number, height: number): string {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return btoa(String.fromCharCode(...b));
}

test("prose is estimated at four characters a token, JSON at three", () => {
  assert.equal(heuristicTokens("abcdefgh"), 2);
  assert.equal(heuristicTokens('{"a":1,"b":2}', "json"), 5);
  assert.equal(heuristicTokens(""), 0);
});

test("CJK characters count one token each", () => {
  assert.equal(heuristicTokens("日本語のテキスト"), 8);
  assert.equal(heuristicTokens("ab 日本"), 3);
});

test("image size is read from a PNG, GIF or JPEG header, never decoding the rest", () => {
  assert.deepEqual(imageSize(pngBase64(20, 30)), { width: 20, height: 30 });
  const gif = btoa("GIF89a" + String.fromCharCode(0x40, 0x01, 0xf0, 0x00) + "\0\0\0");
  assert.deepEqual(imageSize(gif), { width: 320, height: 240 });
  const jpeg = new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00, // APP0, length 4
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    0x01,
    0xe0,
    0x02,
    0x80,
    0x03,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  assert.deepEqual(imageSize(btoa(String.fromCharCode(...jpeg))), { width: 640, height: 480 });
  assert.equal(imageSize("bm90IGFuIGltYWdl"), undefined);
});

test("image tokens are pixels / 750, capped; unknown formats get the cap", () => {
  assert.equal(imageTokens(pngBase64(20, 20)), 1);
  assert.equal(imageTokens(pngBase64(750, 2)), 2);
  assert.equal(imageTokens(pngBase64(4000, 4000)), UNKNOWN_IMAGE_TOKENS);
  assert.equal(imageTokens("AAAA"), UNKNOWN_IMAGE_TOKENS);
});
