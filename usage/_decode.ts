/**
 * Decodes one source (or the part of it appended since the last scan) into
 * records merged by request identity. Runs on the main thread or in a worker.
 *
 * A record the host logged with no valid time takes the time of the last
 * record with one before it in the same source, so it is the same whether
 * the source is read whole or from a kept cursor (that time travels in the
 * cursor's saved state, {@link Resume}). Before any timed record, it takes the
 * source's mtime; such a source is then marked ({@link Resume.m}) to be read
 * whole when it changes, never from its cursor, so the mtime is that of the
 * read every record came from, as a fresh (`--no-cache`) read gives.
 *
 * @module
 */

import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { Buffer } from "node:buffer";
import type { DecodeSink, ReaderRecord, UsageReader, UsageSource } from "./reader.ts";
import { scanMarkedLines } from "./_lines.ts";
import { parseLine } from "./_parse_line.ts";
import { type Rows, rowsOf } from "./_rows.ts";
import { implausibleTokens, isZero, preferRecord } from "./tokens.ts";
import { projectPath } from "./_project.ts";
import { headHash } from "./cache.ts";

/** What to decode. */
export interface DecodeJob {
  /** The host id of the reader. */
  readerId: string;
  /** The source. */
  source: UsageSource;
  /** The byte offset to start at (0, or the cursor of the last scan). */
  from: number;
  /** The file size when it was listed; reading stops there. */
  size: number;
  /** The file's mtime, the time of records that have none and no timed record before them. */
  mtimeMs: number;
  /** The state saved at `from` ({@link DecodeResult.saved}). */
  saved?: unknown;
  /** Hash the bytes at the new cursor ({@link DecodeResult.head}): the cache keeps it. */
  head?: boolean;
}

/** What a source's cursor keeps to resume decoding it (see the module doc). */
export interface Resume {
  /** The reader's decoder state. */
  s: unknown;
  /** The time of the last record with a valid one; null before any. */
  t: number | null;
  /** 1 when a record took the mtime: the source is read whole when it changes. */
  m?: 1;
}

/** A problem in one source, with the byte offset it was found at. */
export interface SourceProblem {
  /** What is wrong. */
  message: string;
  /** The 1-based line, when known. */
  line?: number;
  /** The byte offset (problems at or after a resumed cursor are found again). */
  at: number;
  /** How many such problems the source had. */
  count: number;
}

/** What decoding one job produced. */
export interface DecodeResult {
  /**
   * Records of the decoded range, one row per request key; encoded
   * (`encodeRows`) when a worker sends them, so they travel as one
   * transferable buffer and are merged without becoming objects.
   */
  rows: Rows | Uint8Array;
  /** The new cursor: the offset past the last line taken. */
  end: number;
  /** The state to resume at `end` from (a {@link Resume}), null when there is none. */
  saved: Resume | null;
  /** Problems found in the decoded range. */
  problems: SourceProblem[];
  /** Bytes of the file that were read. */
  bytes: number;
  /** `cache.ts` `headHash` at `end`, when the job asked for it and the file could be read. */
  head?: string;
}

/** Decodes `job` with `reader`. Never throws for bad input: it becomes a problem. */
export async function decodeJob(reader: UsageReader, job: DecodeJob): Promise<DecodeResult> {
  const byKey = new Map<string, ReaderRecord>();
  const problems: SourceProblem[] = [];
  let problemAt = 0;
  let lineOf: ((at: number) => number | undefined) | undefined;
  // One copy of each session, project and model string per source, not one per request.
  const strings = new Map<string, string>();
  const intern = (s: string) => {
    const had = strings.get(s);
    if (had !== undefined) return had;
    strings.set(s, s);
    return s;
  };
  // Each logged project once per source, in the one spelling of `_project.ts`.
  const projects = new Map<string, string>();
  const project = (raw: string) => {
    let key = projects.get(raw);
    if (key === undefined) projects.set(raw, key = intern(projectPath(raw)));
    return key;
  };
  const resume = job.saved as Resume | undefined;
  let lastTs = resume?.t ?? NaN;
  let tookMtime = resume?.m === 1;
  const sink: DecodeSink = {
    source: job.source,
    emit(record) {
      // A corrupt count never reaches the totals nor the kept rows.
      const bad = implausibleTokens(record.tokens);
      if (bad) return sink.problem(bad);
      if (record.costUsd !== undefined && !(record.costUsd >= 0 && record.costUsd < 1e6)) {
        return sink.problem(`a line logs an impossible cost (${record.costUsd}); it was skipped`);
      }
      if (Number.isFinite(record.ts)) lastTs = record.ts;
      if (isZero(record.tokens) && !(record.costUsd! > 0)) return;
      if (!Number.isFinite(record.ts)) {
        if (Number.isFinite(lastTs)) record.ts = lastTs;
        else {
          record.ts = job.mtimeMs;
          tookMtime = true;
        }
      }
      record.sessionId = intern(record.sessionId);
      record.projectKey = project(record.projectKey);
      if (record.modelId !== undefined) record.modelId = intern(record.modelId);
      if (record.providerId !== undefined) record.providerId = intern(record.providerId);
      const had = byKey.get(record.key);
      byKey.set(record.key, had ? preferRecord(had, record) : record);
    },
    problem(message, line) {
      const first = problems[0];
      if (first) {
        first.count++;
        return;
      }
      problems.push({ message, line: line ?? lineOf?.(problemAt), at: problemAt, count: 1 });
    },
  };
  const result: Omit<DecodeResult, "rows"> = { end: job.from, saved: null, problems, bytes: 0 };
  try {
    if (job.source.format === "jsonl" && reader.jsonl) {
      const { markers, open, pick, skip } = reader.jsonl;
      const decoder = open(sink, resume?.s ?? undefined);
      const fd = openSync(job.source.path, "r");
      lineOf = (at) => lineNumberAt(fd, at);
      try {
        const take = (text: string, at: number): boolean => {
          let value: unknown;
          try {
            value = parseLine(text, pick);
          } catch {
            return false;
          }
          problemAt = at;
          decoder.line(value, at);
          return true;
        };
        const scanned = scanMarkedLines(
          fd,
          job.from,
          job.size,
          markers,
          (text, at) => {
            if (!take(text, at)) {
              problemAt = at;
              sink.problem("a line is not valid JSON; it was skipped");
            }
          },
          undefined,
          skip,
        );
        result.end = scanned.end;
        if (scanned.tail) {
          if (take(scanned.tail.text, scanned.tail.at)) result.end = job.size;
          else {
            problemAt = scanned.tail.at;
            sink.problem("the file ends in an incomplete line (truncated, or still being written)");
          }
        }
        result.saved = { s: decoder.save(), t: Number.isFinite(lastTs) ? lastTs : null };
        if (tookMtime) result.saved.m = 1;
        if (job.head && result.end > 0) result.head = headHash(fd, result.end);
      } finally {
        closeSync(fd);
      }
      result.bytes = job.size - job.from;
    } else if (job.source.format === "json" && reader.json) {
      const text = readFileSync(job.source.path, "utf8");
      result.bytes = text.length;
      result.end = job.size;
      if (!reader.json.markers.some((m) => text.includes(m))) {
        // Nothing to count — unless the document was cut off before its first
        // usage entry (a host killed mid-write): say so rather than skip it.
        const last = text.trimEnd().at(-1);
        if (last !== undefined && last !== "}" && last !== "]") {
          sink.problem("the file is not valid JSON (truncated?); it was skipped");
        }
      } else {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          value = undefined;
          sink.problem("the file is not valid JSON (truncated?); it was skipped");
        }
        if (value !== undefined) reader.json.decode(value, sink);
      }
    } else if (job.source.format === "custom" && reader.custom) {
      await reader.custom.decode(sink);
      result.end = job.size;
      result.bytes = job.size;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ENOENT") {
      sink.problem(`cannot read this file (${code ?? (error as Error).message}); it was skipped`);
    }
  }
  const rows = rowsOf(reader.id, reader.confidence, [...byKey.values()]);
  byKey.clear();
  return { ...result, rows };
}

/** Counts the lines before byte offset `at` (only called for the first problem of a source). */
function lineNumberAt(fd: number, at: number): number {
  const buf = Buffer.allocUnsafe(1 << 16);
  let line = 1;
  let pos = 0;
  while (pos < at) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, at - pos), pos);
    if (n <= 0) break;
    for (let i = buf.indexOf(10, 0); i !== -1 && i < n; i = buf.indexOf(10, i + 1)) line++;
    pos += n;
  }
  return line;
}
