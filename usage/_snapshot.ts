/**
 * The deduplicated records of one platform as of its last scan, in columns,
 * with the fingerprint of the sources they came from. A re-scan that finds
 * every source unchanged loads this and nothing else: no per-source state, no
 * deduplication. Counts and ids only.
 *
 * @module
 */

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { UsageProblem } from "../core/usage_types.ts";
import type { ReaderRecord } from "./reader.ts";

const FORMAT = 1;

/** What a snapshot holds. */
export interface Snapshot {
  /** One record per request (keys dropped: they are only needed to merge). */
  records: ReaderRecord[];
  /** The problems of the sources. */
  problems: UsageProblem[];
}

function file(dir: string, platform: string): string {
  return join(dir, `${platform}.records.json`);
}

/** Loads the snapshot when it was taken of exactly the sources `fingerprint` names. */
export function loadSnapshot(
  dir: string,
  platform: string,
  readerVersion: number,
  fingerprint: string,
): Snapshot | undefined {
  let data;
  try {
    data = JSON.parse(readFileSync(file(dir, platform), "utf8"));
  } catch {
    return undefined;
  }
  if (data.format !== FORMAT || data.reader !== readerVersion || data.fingerprint !== fingerprint) {
    return undefined;
  }
  const {
    strings: t,
    ts,
    session,
    project,
    model,
    provider,
    input,
    cacheRead,
    cacheWrite,
    cacheWrite1h,
    output,
    reasoning,
    cost,
    multiplier,
  } = data.columns as Record<string, (number | null)[]> & { strings: string[] };
  const records: ReaderRecord[] = new Array(ts.length);
  for (let i = 0; i < ts.length; i++) {
    const r: ReaderRecord = {
      key: "",
      ts: ts[i]!,
      sessionId: t[session[i]!],
      projectKey: t[project[i]!],
      tokens: {
        input: input[i]!,
        cacheRead: cacheRead[i]!,
        cacheWrite: cacheWrite[i]!,
        cacheWrite1h: cacheWrite1h[i]!,
        output: output[i]!,
        reasoning: reasoning[i]!,
      },
    };
    if (model[i]! >= 0) r.modelId = t[model[i]!];
    if (provider[i]! >= 0) r.providerId = t[provider[i]!];
    if (cost[i] !== null) r.costUsd = cost[i]!;
    if (multiplier[i] !== null) r.pricingMultiplier = multiplier[i]!;
    records[i] = r;
  }
  return { records, problems: data.problems ?? [] };
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
  const columns = {
    strings,
    ts: rs.map((r) => r.ts),
    session: rs.map((r) => ref(r.sessionId)),
    project: rs.map((r) => ref(r.projectKey)),
    model: rs.map((r) => ref(r.modelId)),
    provider: rs.map((r) => ref(r.providerId)),
    input: rs.map((r) => r.tokens.input),
    cacheRead: rs.map((r) => r.tokens.cacheRead),
    cacheWrite: rs.map((r) => r.tokens.cacheWrite),
    cacheWrite1h: rs.map((r) => r.tokens.cacheWrite1h),
    output: rs.map((r) => r.tokens.output),
    reasoning: rs.map((r) => r.tokens.reasoning),
    cost: rs.map((r) => r.costUsd ?? null),
    multiplier: rs.map((r) => r.pricingMultiplier ?? null),
  };
  const target = file(dir, platform);
  const tmp = `${target}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      tmp,
      JSON.stringify({
        format: FORMAT,
        reader: readerVersion,
        fingerprint,
        problems: snapshot.problems,
        columns,
      }),
      { mode: 0o600 },
    );
    renameSync(tmp, target);
    return true;
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch { /* nothing to clean */ }
    return false;
  }
}
