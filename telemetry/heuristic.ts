/**
 * The labeled fallback estimate (`heuristic`, spec §5): characters / 4 for
 * prose, / 3 for JSON (punctuation-dense), one token per CJK or full-width
 * character, and images priced from their pixel size read from the header —
 * a base64 blob is never tokenized. Used when the tokenizer cannot load, for
 * hook rows (which never load it), and for work left when serve must exit.
 *
 * @module
 */

/** What kind of text is estimated. */
export type ContentKind = "text" | "json";

const CHARS_PER_TOKEN: Record<ContentKind, number> = { text: 4, json: 3 };

// CJK ideographs, kana, Hangul and full-width forms: about one token each in BPE vocabularies.
const WIDE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/g;

/**
 * Estimates the tokens of `text`.
 *
 * @example
 * ```ts
 * import { heuristicTokens } from "./heuristic.ts";
 * heuristicTokens("abcdefgh"); // 2
 * heuristicTokens("日本語"); // 3
 * ```
 */
export function heuristicTokens(text: string, kind: ContentKind = "text"): number {
  if (text.length === 0) return 0;
  const wide = text.match(WIDE)?.length ?? 0;
  return wide + Math.ceil((text.length - wide) / CHARS_PER_TOKEN[kind]);
}

/** Tokens charged for an image whose size cannot be read (the 1.15-megapixel cap). */
export const UNKNOWN_IMAGE_TOKENS = 1600;

/**
 * Estimates the tokens of a base64 image from its width × height / 750 (the
 * vision-pricing rule of thumb, capped at {@link UNKNOWN_IMAGE_TOKENS}),
 * reading only the header bytes. PNG, GIF and JPEG sizes are read; other
 * formats get the cap.
 */
export function imageTokens(base64: string): number {
  const size = imageSize(base64);
  if (!size) return UNKNOWN_IMAGE_TOKENS;
  return Math.max(1, Math.min(UNKNOWN_IMAGE_TOKENS, Math.ceil((size.width * size.height) / 750)));
}

/** Reads width and height from the first bytes of a base64 PNG, GIF or JPEG. */
export function imageSize(base64: string): { width: number; height: number } | undefined {
  const head = decodeHead(base64, 65_536);
  if (head.length >= 24 && head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e) {
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (head.length >= 10 && head[0] === 0x47 && head[1] === 0x49 && head[2] === 0x46) {
    return { width: head[6] | (head[7] << 8), height: head[8] | (head[9] << 8) };
  }
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8) return jpegSize(head);
  return undefined;
}

function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    const length = (b[i + 2] << 8) | b[i + 3];
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    i += 2 + length;
  }
  return undefined;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUES = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Decodes at most `limit` bytes from the start of a base64 string (no allocation of the rest). */
function decodeHead(base64: string, limit: number): Uint8Array {
  const chars = Math.min(base64.length, Math.ceil(limit / 3) * 4);
  const out = new Uint8Array(Math.floor((chars * 3) / 4));
  let bits = 0;
  let value = 0;
  let n = 0;
  for (let i = 0; i < chars; i++) {
    const v = VALUES.get(base64[i] === "-" ? "+" : base64[i] === "_" ? "/" : base64[i]);
    if (v === undefined) continue;
    value = ((value << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, n);
}
