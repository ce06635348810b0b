/**
 * Streams the lines of a file that contain one of a few byte markers, without
 * decoding the others. Memory stays at one chunk plus the longest marked line:
 * a long line without a marker is dropped as it streams by.
 *
 * Searching runs on a latin1 view of each chunk (one char per byte, so string
 * offsets are file offsets, and V8's string search is several times faster
 * than a byte search here). Marked lines are handed over in that form too, a
 * "binary string": the latin1 view costs a small fraction of decoding UTF-8,
 * and JSON.parse reads one-byte strings faster than two-byte ones
 * (bench/README.md).
 * `_parse_line.ts` turns them into values exactly as UTF-8 text would parse.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { readSync } from "node:fs";

// Not larger: their latin1 views would land in V8's large-object space and
// cost more collection, for no faster scan (bench/README.md).
const CHUNK = 1 << 16;

// Buffer.allocUnsafe is dear per call under Deno: one buffer is reused
// (decoding is synchronous, so never by two scans at once).
let shared: Buffer | undefined;

function bytes(n: number): Buffer {
  return Buffer.from(new Uint8Array(n).buffer);
}

/** The outcome of streaming a range of a file. */
export interface LineScanEnd {
  /** The file offset just past the last complete line read. */
  end: number;
  /**
   * A marked last line with no newline after it (the file ends there): its
   * binary text and offset, for the caller to try and either accept or leave
   * for later.
   */
  tail?: { text: string; at: number };
}

/**
 * Calls `onLine(text, at)` for each line in [`start`, `size`) of `fd` that
 * contains one of `markers` (ASCII), in order; `text` is the line's bytes as a
 * binary string (one char per byte). `start` must be a line start. `chunk` is
 * the read size (tests make it small to cross chunk edges). A line whose start
 * `skip` (sticky) matches is passed over unsearched, however long; its match
 * must fit in half a chunk.
 */
export function scanMarkedLines(
  fd: number,
  start: number,
  size: number,
  markers: readonly string[],
  onLine: (text: string, at: number) => void,
  chunk: number = CHUNK,
  skip?: RegExp,
): LineScanEnd {
  const keepForMarker = Math.max(1, ...markers.map((m) => m.length)) - 1;
  let buf = chunk === CHUNK ? (shared ??= bytes(CHUNK)) : bytes(chunk);
  let base = start; // file offset of buf[0]
  let len = 0;
  let pos = start; // next file offset to read
  let from = 0; // search position in the view
  let longStart = -1; // file offset where the line holding buf[0] began, when its head was dropped
  let view = "";
  // Whether `from` is a line start (where `skip` may be tried), and the file
  // offset of a line being skipped whose newline is not read yet (-1: none).
  let atStart = true;
  let skipping = -1;
  // One search for all markers: a regular expression alternation scans the
  // view once, where a substring search per marker scanned it once per
  // marker (bench/README.md).
  const search = markerPattern(markers);
  const fill = () => {
    while (len < buf.length && pos < size) {
      const n = readSync(fd, buf, len, Math.min(buf.length - len, size - pos), pos);
      if (n <= 0) {
        size = pos; // the file shrank while we read it
        break;
      }
      len += n;
      pos += n;
    }
    view = buf.toString("latin1", 0, len);
  };
  const shift = (keepFrom: number) => {
    buf.copy(buf, 0, keepFrom, len);
    base += keepFrom;
    len -= keepFrom;
    from = Math.max(0, from - keepFrom);
  };
  const only = markers.length === 1 ? markers[0] : undefined;
  /** Whether the line starting at view index `ls` is one `skip` proves ignorable. */
  const skippable = (ls: number): boolean => {
    skip!.lastIndex = ls;
    return skip!.test(view);
  };
  /**
   * Passes over the skipped line that starts at `ls` and holds view index
   * `inside`: the view index of the next line, or -1 when its newline is not
   * read yet (the line is then being skipped).
   */
  const pastSkipped = (ls: number, inside: number): number => {
    const nl = view.indexOf("\n", inside);
    if (nl === -1) skipping = base + ls;
    return nl === -1 ? -1 : nl + 1;
  };
  // Where the search that found the last marker began within its line: its
  // line starts at or before it, and no newline lies between it and the marker.
  let searchedFrom = 0;
  const nextMarker = (): number => {
    if (only === undefined) {
      for (;;) {
        if (skip && atStart && skippable(from)) {
          const next = pastSkipped(from, from);
          if (next === -1) return -1;
          from = next;
          continue;
        }
        search.lastIndex = from;
        const m = search.exec(view)?.index ?? -1;
        searchedFrom = m;
        if (m === -1 || !skip) return m;
        // The marker's line may be one to skip, unless it is `from`'s line
        // and that was tried above, or its start was dropped (a long line).
        const ls = view.lastIndexOf("\n", m) + 1;
        if ((ls > from || !atStart) && (ls > 0 || longStart < 0) && skippable(ls)) {
          const next = pastSkipped(ls, m);
          if (next === -1) return -1;
          from = next;
          atStart = true;
          continue;
        }
        return m;
      }
    }
    // One marker: each whole line is searched from its end. A host logs a
    // line's counts after its message text (Claude Code's `usage` closes
    // `message`), so a marked line is found without reading through its
    // text (bench/README.md); a line without the marker is read once either
    // way.
    for (let ls = from, lineStart = atStart;; lineStart = true) {
      if (skip && lineStart && skippable(ls)) {
        const next = pastSkipped(ls, ls);
        if (next === -1) return -1;
        ls = next;
        continue;
      }
      const nl = view.indexOf("\n", ls);
      if (nl === -1) {
        searchedFrom = ls;
        return view.indexOf(only, ls);
      }
      const at = view.slice(ls, nl).lastIndexOf(only);
      if (at !== -1) {
        searchedFrom = ls;
        return ls + at;
      }
      ls = nl + 1;
    }
  };

  fill();
  for (;;) {
    if (skipping >= 0) {
      // A skipped line: drop its bytes unsearched up to its newline.
      const nl = view.indexOf("\n", Math.max(0, skipping - base));
      if (nl === -1) {
        if (pos >= size) return { end: skipping };
        shift(len);
        fill();
        continue;
      }
      skipping = -1;
      longStart = -1;
      from = nl + 1;
      atStart = true;
    }
    const m = nextMarker();
    if (skipping >= 0) continue;
    if (m === -1) {
      if (pos >= size) break;
      // No marker in what we hold: keep only the unfinished last line.
      const nl = view.lastIndexOf("\n");
      let keepFrom = nl + 1;
      if (nl >= 0) longStart = -1;
      const long = len - keepFrom > chunk / 2;
      if (long && skip && longStart < 0 && skippable(keepFrom)) {
        skipping = base + keepFrom;
        continue;
      }
      if (long) {
        // A long line with no marker so far: remember where it began, drop its body.
        if (longStart < 0) longStart = base + keepFrom;
        keepFrom = len - keepForMarker;
      }
      shift(keepFrom);
      from = Math.max(0, len - keepForMarker);
      // Unless its head was dropped, the kept line starts at 0: try `skip` on
      // it once more of it is read.
      atStart = false;
      fill();
      if (skip && longStart < 0 && skippable(0)) skipping = base;
      continue;
    }
    const nlBefore = searchedFrom === 0 ? -1 : view.lastIndexOf("\n", searchedFrom - 1);
    if (nlBefore < 0 && longStart >= 0) {
      // The marker sits in a long line whose head we dropped: read it whole.
      const line = readLineAt(fd, longStart, size, chunk);
      if (line.end < 0) return { end: longStart, tail: { text: line.text, at: longStart } };
      onLine(line.text, longStart);
      base = line.end;
      pos = line.end;
      len = 0;
      from = 0;
      longStart = -1;
      fill();
      continue;
    }
    const ls = nlBefore + 1;
    if (nlBefore >= 0) longStart = -1;
    const nlAfter = view.indexOf("\n", m);
    if (nlAfter === -1) {
      if (pos >= size) {
        return { end: base + ls, tail: { text: view.slice(ls, len), at: base + ls } };
      }
      // The marked line continues past the chunk: keep it from its start, grow if needed.
      from = m;
      atStart = false;
      shift(ls);
      if (len === buf.length) {
        const bigger = bytes(buf.length * 2);
        buf.copy(bigger, 0, 0, len);
        buf = bigger;
      }
      fill();
      continue;
    }
    onLine(view.slice(ls, nlAfter), base + ls);
    from = nlAfter + 1;
    atStart = true;
    longStart = -1;
  }
  const nl = view.lastIndexOf("\n");
  if (nl < 0 && longStart >= 0) return { end: longStart };
  return { end: base + nl + 1 };
}

/** Each marker list's search, built once (a list is a reader's constant). */
const patterns = new WeakMap<readonly string[], RegExp>();

/** A global regular expression matching any of `markers` literally. */
function markerPattern(markers: readonly string[]): RegExp {
  let re = patterns.get(markers);
  if (!re) {
    const alternatives = markers.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    patterns.set(markers, re = new RegExp(alternatives.join("|"), "g"));
  }
  return re;
}

/**
 * Reads the line starting at `at` as a binary string; `end` is past its
 * newline, or -1 when the file ends first.
 */
function readLineAt(
  fd: number,
  at: number,
  size: number,
  chunkSize: number,
): { text: string; end: number } {
  const parts: Buffer[] = [];
  let pos = at;
  const chunk = bytes(chunkSize);
  while (pos < size) {
    const n = readSync(fd, chunk, 0, Math.min(chunkSize, size - pos), pos);
    if (n <= 0) break;
    const nl = chunk.subarray(0, n).indexOf(10);
    if (nl >= 0) {
      parts.push(Buffer.from(chunk.subarray(0, nl)));
      return { text: Buffer.concat(parts).toString("latin1"), end: pos + nl + 1 };
    }
    parts.push(Buffer.from(chunk.subarray(0, n)));
    pos += n;
  }
  return { text: Buffer.concat(parts).toString("latin1"), end: -1 };
}
