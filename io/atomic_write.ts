/**
 * Atomic file replacement: write a temporary file beside the target, flush
 * it, then rename it over the target, so a reader sees the old file or the
 * new one and never half of either. The target's permission bits, owner and
 * group are kept;
 * a symlinked target is written through (the link stays a link; one that
 * loops or dangles into a missing folder is refused). The
 * temporary file is removed on every failure path.
 *
 * @module
 */

import {
  chmodSync,
  chownSync,
  closeSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import process from "node:process";

/** The suffix of our temporary files, so a crash leftover is recognisable. */
export const TEMP_SUFFIX = ".ac-tmp";

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** Permission bits for a new file (an existing file keeps its own unless `forceMode`). */
  mode?: number;
  /** Apply `mode` even when the file exists (hook scripts must stay executable). */
  forceMode?: boolean;
  /**
   * False skips the `fsync` before the rename: after a crash the file may be
   * the new one with parts missing (zeros), never a mix with the old one. Only
   * for a cache whose reader tells such a file from a whole one and rebuilds
   * it. Default true.
   */
  durable?: boolean;
}

/**
 * A symbolic link whose file cannot be written without replacing the link:
 * it loops, or it dangles into a folder that does not exist. `code` is
 * `ELOOP` or `ENOENT`; `target` is where the chain of links ends.
 */
export class LinkTargetError extends Error {
  /** `ELOOP` (the links loop) or `ENOENT` (the target's folder is missing). */
  readonly code: "ELOOP" | "ENOENT";
  /** The link. */
  readonly path: string;
  /** Where its chain ends (for ENOENT). */
  readonly target?: string;
  /** Builds the error with a sentence naming the link. */
  constructor(code: "ELOOP" | "ENOENT", path: string, target?: string) {
    super(
      code === "ELOOP"
        ? `${path} is a symbolic link that loops (it leads back to itself)`
        : `${path} is a symbolic link to ${target}, whose folder ${
          dirname(target!)
        } does not exist`,
    );
    this.name = "LinkTargetError";
    this.code = code;
    this.path = path;
    this.target = target;
  }
}

/** Links followed before a chain counts as a loop (Linux's own limit). */
const MAX_LINKS = 40;

/**
 * Returns the real file a path writes to: the end of its chain of symbolic
 * links when it is one (a link stays a link: the file behind it is
 * written), else the path itself. A dangling link resolves to its missing
 * target when that target's folder exists.
 *
 * @throws {LinkTargetError} when the links loop or the target's folder is missing.
 */
export function resolveWriteTarget(path: string): string {
  let at = path;
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    const st = lstatSync(at, { throwIfNoEntry: false });
    if (!st?.isSymbolicLink()) {
      if (at === path) return path;
      if (st) return realpathSync(at);
      if (statSync(dirname(at), { throwIfNoEntry: false })?.isDirectory()) {
        return join(realpathSync(dirname(at)), basename(at));
      }
      throw new LinkTargetError("ENOENT", path, at);
    }
    at = resolve(dirname(at), readlinkSync(at));
  }
  throw new LinkTargetError("ELOOP", path);
}

/**
 * Creates the missing directories of `dir` (with `mode` when given), one at
 * a time from the outermost. Not `mkdirSync(…, { recursive: true })`: Node 20
 * loops on it forever where a file system refuses a folder whose parent
 * exists (`/proc/x`: ENOENT, then EEXIST for the parent, again and again).
 * Here such a refusal throws an error naming the folder (its `code` kept).
 *
 * @returns The outermost directory created, or `undefined` when all existed.
 */
export function ensureDir(dir: string, mode?: number): string | undefined {
  const missing: string[] = [];
  for (let at = resolve(dir);; at = dirname(at)) {
    const stat = statSync(at, { throwIfNoEntry: false });
    if (stat?.isDirectory()) break;
    if (stat || dirname(at) === at) {
      // A file in the way: mkdir says so (EEXIST, ENOTDIR) as the recursive call did.
      mkdirSync(missing.at(-1) ?? at, { mode });
      break;
    }
    missing.push(at);
  }
  let created: string | undefined;
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at, { mode });
      created ??= at;
      // Root (sudo) creating a folder in a user's folder: the user's, as a
      // file written there is (writeFileAtomic).
      if (asRoot()) {
        const parent = statSync(dirname(at));
        chownSync(at, parent.uid, parent.gid);
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "EEXIST" && statSync(at, { throwIfNoEntry: false })?.isDirectory()) continue;
      if (code !== "ENOENT") throw error;
      throw Object.assign(
        new Error(
          `cannot create the folder ${at}: its file system does not allow new folders there`,
        ),
        { code, path: at },
      );
    }
  }
  return created;
}

/**
 * Replaces `path` with `data` atomically, creating parent directories.
 *
 * @param path The file to write.
 * @param data The full new content.
 * @param options New-file mode, or a mode to enforce.
 * @returns The outermost directory created for it, if any.
 * @example
 * ```ts ignore
 * import { writeFileAtomic } from "./atomic_write.ts";
 * writeFileAtomic("/tmp/x/settings.json", "{}\n");
 * ```
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): string | undefined {
  const target = resolveWriteTarget(path);
  const dir = dirname(target);
  const createdDir = ensureDir(dir);
  let mode = options.mode;
  const existing = statSync(target, { throwIfNoEntry: false });
  if (!options.forceMode && existing) mode = existing.mode & 0o7777;
  // The replaced file's owner and group; for a new one written by root
  // (sudo), its folder's, so the user can still edit and remove it (#19).
  const owner = existing ?? (asRoot() ? statSync(dir) : undefined);
  const temp = join(
    dir,
    `.${basename(target)}.${process.pid}.${randomHex()}${TEMP_SUFFIX}`,
  );
  let fd: number | undefined;
  try {
    fd = openSync(temp, "wx", mode ?? 0o666);
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    if (options.durable !== false) fsyncSync(fd);
    // Before the chmod: a chown clears the setuid and setgid bits.
    if (owner) keepOwner(fd, owner);
    closeSync(fd);
    fd = undefined;
    if (mode !== undefined) chmodSync(temp, mode);
    crashPoint();
    renameSync(temp, target);
    crashPoint();
  } catch (err) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch { /* already closed */ }
    }
    try {
      unlinkSync(temp);
    } catch { /* never created */ }
    throw err;
  }
  return createdDir;
}

/**
 * For the chaos suite (tests/chaos/): with `AGENT_CONNECTOR_CRASH_AT=<n>`
 * in the environment, the n-th crash point this process reaches (before
 * and after each rename here, after each deletion the engine makes) kills
 * it with SIGKILL, as a crash or `kill -9` would, between two steps.
 */
export function crashPoint(): void {
  if (crashAt === undefined) return;
  if (--crashAt === 0) process.kill(process.pid, "SIGKILL");
}

let crashAt: number | undefined = crashAtOf();

/** The crash point asked for, if any (none without permission to read the environment). */
function crashAtOf(): number | undefined {
  try {
    return Number(process.env.AGENT_CONNECTOR_CRASH_AT) || undefined;
  } catch {
    return undefined;
  }
}

/** True when this process runs as root (POSIX), which may give files away. */
function asRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * Gives the open file `fd` the owner and group of `want` when it has
 * others. Throws (EPERM) when this process may not: the file is then not
 * written rather than taken from its owner.
 */
function keepOwner(fd: number, want: { uid: number; gid: number }): void {
  const got = fstatSync(fd);
  if (got.uid !== want.uid || got.gid !== want.gid) fchownSync(fd, want.uid, want.gid);
}

/**
 * Eight random hex digits from Web Crypto: importing `node:crypto` for them
 * would add Deno's Node-compatibility start-up to every command that may
 * write (usage, install).
 */
function randomHex(): string {
  return crypto.getRandomValues(new Uint32Array(1))[0].toString(16).padStart(8, "0");
}
