/**
 * The write journal: intent recorded before the engine touches a file, so a
 * run killed mid-way (kill -9, a crash, a full disk) is rolled back by the
 * next one instead of leaving half-written files that a re-install then
 * takes for the user's (#19 item 4).
 *
 * One run of the engine (install/apply.ts, under the install lock) keeps
 * `<dataRoot>/state/journal.ndjson`: a header line, then before each host
 * file is written or deleted a line naming it, its backup (or that it did
 * not exist), the folders about to be created for it and the digest of
 * the bytes about to be written; before the ledgers are saved, their
 * bytes as they were. Each line is flushed (`fsync`) before the write it
 * announces. A run that finishes deletes the journal.
 *
 * A journal found by a run that holds the lock belongs to a run that died:
 * {@link rollBack} puts every file it names back as it was (the backup's
 * bytes, or no file), removes the folders and `*.ac-tmp` files that run
 * left, restores the ledgers, and deletes the journal. A file changed
 * since (neither what that run wrote nor what was there before) is left
 * as it is, with a `!` line.
 *
 * @module
 */

import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import process from "node:process";
import type { ChangeRecord } from "../core/platform_types.ts";
import { sha256HexLean } from "../core/_sha256.ts";
import { resolveWriteTarget, TEMP_SUFFIX, writeFileAtomic } from "../io/atomic_write.ts";

/** Path of the journal under a data root. */
export function journalPath(dataRoot: string): string {
  return join(dataRoot, "state", "journal.ndjson");
}

/** The journal's first line. */
export interface JournalHeader {
  /** The connector the run was for. */
  connectorId: string;
  /** The run's process. */
  pid: number;
  /** When the run started (ISO 8601). */
  startedAt: string;
}

/** A host file the run was about to write or delete. */
interface FileLine {
  /** The file as the edits name it. */
  file: string;
  /** Its backup; absent when the file did not exist. */
  backup?: string;
  /** Folders about to be created for it, outermost first. */
  dirs?: string[];
  /** sha256 of the bytes about to be written; absent for a deletion. */
  after?: string;
}

/** The ledger files as they were before the run saved them (null: absent). */
interface LedgerLine {
  ledgers: Record<string, string | null>;
}

/** An open journal of the running engine. */
export interface Journal {
  /** Records that `file` is about to be written with `text` (or deleted when undefined). */
  file(file: string, backup: string | undefined, text: string | undefined): void;
  /** Records the ledger files' bytes before they are saved. */
  ledgers(paths: string[]): void;
  /** The run finished: the journal goes. */
  close(): void;
}

/** Appends one line and flushes it to disk before returning. */
function appendLine(path: string, value: unknown): void {
  const fd = openSync(path, "a", 0o600);
  try {
    writeSync(fd, `${JSON.stringify(value)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The folders `writeFileAtomic` would create for `file`, outermost first. */
function missingDirs(file: string): string[] {
  const out: string[] = [];
  for (let at = dirname(file); dirname(at) !== at; at = dirname(at)) {
    if (existsSync(at)) break;
    out.unshift(at);
  }
  return out;
}

/** Starts the journal of a run (the caller holds the install lock). */
export function openJournal(dataRoot: string, connectorId: string, now: string): Journal {
  const path = journalPath(dataRoot);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    writeFileAtomic(
      path,
      `${
        JSON.stringify({ connectorId, pid: process.pid, startedAt: now } satisfies JournalHeader)
      }\n`,
    );
  };
  return {
    file(file, backup, text) {
      start();
      let target = file;
      try {
        target = resolveWriteTarget(file);
      } catch { /* refused later by the write itself */ }
      const line: FileLine = { file };
      if (backup) line.backup = backup;
      const dirs = text === undefined ? [] : missingDirs(target);
      if (dirs.length) line.dirs = dirs;
      if (text !== undefined) line.after = sha256HexLean(text);
      appendLine(path, line);
    },
    ledgers(paths) {
      if (!started) return;
      const ledgers: Record<string, string | null> = {};
      for (const p of paths) {
        try {
          ledgers[p] = readFileSync(p, "utf8");
        } catch {
          ledgers[p] = null;
        }
      }
      appendLine(path, { ledgers } satisfies LedgerLine);
    },
    close() {
      if (started) unlinkSync(path);
    },
  };
}

/** The interrupted run a journal describes, if there is one. */
export function readJournal(
  dataRoot: string,
): { header: JournalHeader; files: FileLine[]; ledgers?: LedgerLine["ledgers"] } | undefined {
  let text: string;
  try {
    text = readFileSync(journalPath(dataRoot), "utf8");
  } catch {
    return undefined;
  }
  const lines: unknown[] = [];
  for (const raw of text.split("\n")) {
    try {
      if (raw.trim()) lines.push(JSON.parse(raw));
    } catch { /* a line torn by the crash: its write never started */ }
  }
  const header = lines[0] as JournalHeader | undefined;
  if (!header || typeof header.connectorId !== "string") {
    return { header: { connectorId: "?", pid: 0, startedAt: "?" }, files: [] };
  }
  const files = lines.filter((l): l is FileLine => typeof (l as FileLine)?.file === "string");
  const ledgers = (lines.find((l) => (l as LedgerLine)?.ledgers) as LedgerLine | undefined)
    ?.ledgers;
  return { header, files, ledgers };
}

/** True when the process that wrote the journal is still running (same host). */
export function journalOwnerAlive(header: JournalHeader): boolean {
  if (!header.pid || header.pid === process.pid) return false;
  try {
    process.kill(header.pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** Decodes bytes as the engine read them (a BOM stays in the text). */
const KEEP_BOM = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Removes `.<name>.*.ac-tmp` files beside `target`: temp files of an
 * interrupted write. Returns how many went.
 */
function removeTemps(target: string): number {
  const dir = dirname(target);
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith(TEMP_SUFFIX)) {
      try {
        unlinkSync(join(dir, name));
        removed++;
      } catch { /* gone */ }
    }
  }
  return removed;
}

/**
 * Removes the temporary files of atomic writes in the data root's state and
 * connector folders whose process is gone (`.<name>.<pid>.<hex>.ac-tmp`):
 * writes the journal does not cover (connector records) leave them too.
 */
function sweepDeadTemps(dataRoot: string): void {
  const dirs = [join(dataRoot, "state")];
  try {
    for (const id of readdirSync(join(dataRoot, "connectors"))) {
      dirs.push(join(dataRoot, "connectors", id));
    }
  } catch { /* no connectors yet */ }
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = Number(/\.(\d+)\.[0-9a-f]{8}\.ac-tmp$/.exec(name)?.[1]);
      if (!pid || journalOwnerAlive({ connectorId: "", pid, startedAt: "" })) continue;
      try {
        unlinkSync(join(dir, name));
      } catch { /* gone */ }
    }
  }
}

/** The bytes of `path` (through links), or undefined when there is no file. */
function bytesOf(path: string): Uint8Array | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Rolls back the interrupted run a journal describes (the caller holds the
 * install lock) and deletes the journal. Returns one record per file put
 * back or left alone; none when there was no journal.
 */
export function rollBack(dataRoot: string): ChangeRecord[] {
  sweepDeadTemps(dataRoot);
  const journal = readJournal(dataRoot);
  if (!journal) return [];
  const { header } = journal;
  const records: ChangeRecord[] = [];
  const say = (action: ChangeRecord["action"], path: string, what: string) =>
    records.push({
      platform: "synthetic",
      action,
      path,
      detail: `${path}: ${what} (interrupted ${header.connectorId} run of ${header.startedAt})`,
    });
  // Last write first, so a file written twice ends as it was before the first.
  const seen = new Set<string>();
  let temps = 0;
  for (const line of [...journal.files].reverse()) {
    let target: string;
    try {
      target = resolveWriteTarget(line.file);
    } catch {
      continue;
    }
    temps += removeTemps(target);
    const now = bytesOf(target);
    const before = line.backup ? bytesOf(line.backup) : undefined;
    if (line.backup && before === undefined) {
      say("warn", line.file, `its backup ${line.backup} is gone; left as it is`);
      continue;
    }
    const ours = now !== undefined && line.after !== undefined &&
      sha256HexLean(KEEP_BOM.decode(now)) === line.after;
    const untouched = before === undefined ? now === undefined : same(now, before);
    if (!untouched && !ours && !(line.after === undefined && now === undefined)) {
      if (!seen.has(line.file)) {
        say("warn", line.file, "changed since; left as it is — check it by hand");
      }
      continue;
    }
    if (!untouched) {
      if (before === undefined) unlinkSync(target);
      else writeFileAtomic(line.file, before);
      if (!seen.has(line.file)) {
        say(
          before === undefined ? "remove" : "update",
          line.file,
          before === undefined ? "removed" : "put back",
        );
      }
    }
    seen.add(line.file);
    for (const dir of [...line.dirs ?? []].reverse()) {
      try {
        rmdirSync(dir);
      } catch { /* not empty, or gone */ }
    }
  }
  for (const [path, text] of Object.entries(journal.ledgers ?? {})) {
    temps += removeTemps(path);
    if (text === null) {
      try {
        unlinkSync(path);
      } catch { /* absent */ }
    } else writeFileAtomic(path, text);
  }
  const path = journalPath(dataRoot);
  unlinkSync(path);
  removeTemps(path);
  const putBack = records.filter((r) => r.action !== "warn").length;
  records.push({
    platform: "synthetic",
    action: "update",
    path,
    detail: `rolled back the interrupted ${header.connectorId} run of ${header.startedAt}: ` +
      `${putBack} file(s) put back, ${temps} temporary file(s) removed`,
  });
  return records;
}

function same(a: Uint8Array | undefined, b: Uint8Array): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
