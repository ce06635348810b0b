/**
 * The deduplicated records of one platform as of its last scan, with the
 * fingerprint of the sources they came from. A re-scan that finds every
 * source unchanged loads this and nothing else: no per-source state, no
 * deduplication. Counts and ids only.
 *
 * `<platform>.records.bin`: `ASU1`, a uint32 length, a JSON header (format,
 * reader version, fingerprint, count, string table, problems), padding to 8
 * bytes, then one typed column per field, so loading is a copy, not a parse.
 * Columns are in this machine's byte order (the cache never leaves it).
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { UsageProblem } from "../core/usage_types.ts";
import type { ReaderRecord } from "./reader.ts";

const FORMAT = 2;
const MAGIC = 0x31555341; // the bytes "ASU1", read as a little-endian uint32

/** What a snapshot holds. */
export interface Snapshot {
  /** One record per request (keys dropped: they are only needed to merge). */
  records: ReaderRecord[];
  /** The problems of the sources. */
  problems: UsageProblem[];
}

interface Header {
  format: number;
  reader: number;
  fingerprint: string;
  count: number;
  strings: string[];
  problems: UsageProblem[];
}

// Column order and kinds: F = Float64 (times, money, NaN for none), U = Uint32 (counts), I = Int32 (string index, -1 for none).
const COLUMNS = [
  ["ts", "F"],
  ["cost", "F"],
  ["multiplier", "F"],
  ["session", "I"],
  ["project", "I"],
  ["model", "I"],
  ["provider", "I"],
  ["input", "U"],
  ["cacheRead", "U"],
  ["cacheWrite", "U"],
  ["cacheWrite1h", "U"],
  ["output", "U"],
  ["reasoning", "U"],
] as const;

type Name = typeof COLUMNS[number][0];
type Columns = Record<Name, Float64Array | Uint32Array | Int32Array>;

function file(dir: string, platform: string): string {
  return join(dir, `${platform}.records.bin`);
}

function views(buf: ArrayBuffer, offset: number, count: number): Columns {
  const out = {} as Columns;
  let at = offset;
  for (const [name, kind] of COLUMNS) {
    if (kind === "F") {
      out[name] = new Float64Array(buf, at, count);
      at += count * 8;
    } else {
      out[name] = kind === "U" ? new Uint32Array(buf, at, count) : new Int32Array(buf, at, count);
      at += count * 4;
    }
  }
  return out;
}

function bodySize(count: number): number {
  return COLUMNS.reduce((n, [, kind]) => n + count * (kind === "F" ? 8 : 4), 0);
}

/** Loads the snapshot when it was taken of exactly the sources `fingerprint` names. */
export function loadSnapshot(
  dir: string,
  platform: string,
  readerVersion: number,
  fingerprint: string,
): Snapshot | undefined {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file(dir, platform));
  } catch {
    return undefined;
  }
  if (bytes.length < 8) return undefined;
  // Copy into a fresh, aligned buffer: typed views need 8-byte alignment.
  const buf = new Uint8Array(bytes.length);
  buf.set(bytes);
  const dv = new DataView(buf.buffer);
  if (dv.getUint32(0, true) !== MAGIC) return undefined;
  const headerLength = dv.getUint32(4, true);
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(buf.subarray(8, 8 + headerLength)));
  } catch {
    return undefined;
  }
  if (
    header.format !== FORMAT || header.reader !== readerVersion ||
    header.fingerprint !== fingerprint
  ) {
    return undefined;
  }
  const offset = align(8 + headerLength);
  if (buf.length !== offset + bodySize(header.count)) return undefined;
  const c = views(buf.buffer, offset, header.count);
  const t = header.strings;
  const records: ReaderRecord[] = new Array(header.count);
  for (let i = 0; i < header.count; i++) {
    const model = c.model[i];
    const provider = c.provider[i];
    const cost = c.cost[i];
    const multiplier = c.multiplier[i];
    records[i] = {
      key: "",
      ts: c.ts[i],
      sessionId: t[c.session[i]],
      projectKey: t[c.project[i]],
      modelId: model >= 0 ? t[model] : undefined,
      providerId: provider >= 0 ? t[provider] : undefined,
      tokens: {
        input: c.input[i],
        cacheRead: c.cacheRead[i],
        cacheWrite: c.cacheWrite[i],
        cacheWrite1h: c.cacheWrite1h[i],
        output: c.output[i],
        reasoning: c.reasoning[i],
      },
      costUsd: Number.isNaN(cost) ? undefined : cost,
      pricingMultiplier: Number.isNaN(multiplier) ? undefined : multiplier,
    };
  }
  return { records, problems: header.problems };
}

function align(n: number): number {
  return (n + 7) & ~7;
}

/** Writes the snapshot atomically; false when it could not. */
export function saveSnapshot(
  dir: string,
  platform: string,
  readerVersion: number,
  fingerprint: string,
  snapshot: Snapshot,
): boolean {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ref = (s: string | undefined) => {
    if (s === undefined) return -1;
    let i = index.get(s);
    if (i === undefined) index.set(s, i = strings.push(s) - 1);
    return i;
  };
  const rs = snapshot.records;
  const count = rs.length;
  // Strings first, so the header is complete before the body is laid out.
  const refs = rs.map((
    r,
  ) => [ref(r.sessionId), ref(r.projectKey), ref(r.modelId), ref(r.providerId)]);
  const header: Header = {
    format: FORMAT,
    reader: readerVersion,
    fingerprint,
    count,
    strings,
    problems: snapshot.problems,
  };
  const head = new TextEncoder().encode(JSON.stringify(header));
  const offset = align(8 + head.length);
  const buf = new Uint8Array(offset + bodySize(count));
  const dv = new DataView(buf.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, head.length, true);
  buf.set(head, 8);
  const c = views(buf.buffer, offset, count);
  for (let i = 0; i < count; i++) {
    const r = rs[i];
    c.ts[i] = r.ts;
    c.cost[i] = r.costUsd ?? NaN;
    c.multiplier[i] = r.pricingMultiplier ?? NaN;
    [c.session[i], c.project[i], c.model[i], c.provider[i]] = refs[i];
    c.input[i] = r.tokens.input;
    c.cacheRead[i] = r.tokens.cacheRead;
    c.cacheWrite[i] = r.tokens.cacheWrite;
    c.cacheWrite1h[i] = r.tokens.cacheWrite1h;
    c.output[i] = r.tokens.output;
    c.reasoning[i] = r.tokens.reasoning;
  }
  const target = file(dir, platform);
  const tmp = `${target}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, Buffer.from(buf.buffer), { mode: 0o600 });
    renameSync(tmp, target);
    return true;
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch { /* nothing to clean */ }
    return false;
  }
}
