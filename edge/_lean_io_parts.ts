/**
 * Helpers both lean I/O implementations (`denoIo` in core/runtime_info.ts and
 * core/lean_io_node.ts) share.
 *
 * @module
 */

import type { LeanIo } from "./lean_io.ts";

/** The OS family of a runtime's OS name. */
export function osFamily(name: string): LeanIo["os"] {
  return name === "windows" || name === "win32" ? "win32" : name === "darwin" ? "darwin" : "linux";
}

/** The bytes of `chunks`, joined. */
export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** What a stat result is. */
export function kindOf(stat: { isFile: boolean; isDirectory: boolean }): "file" | "dir" | "other" {
  return stat.isFile ? "file" : stat.isDirectory ? "dir" : "other";
}

/** A path's parent folder (`/a/b` → `/a`, `C:\a` → `C:\`); a root is its own parent. */
export function parentPath(path: string): string {
  let end = path.length;
  while (end > 1 && /[\\/]/.test(path[end - 1]) && !/^[A-Za-z]:[\\/]$/.test(path.slice(0, end))) {
    end--;
  }
  const trimmed = path.slice(0, end);
  const cut = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  if (cut < 0) return /^[A-Za-z]:$/.test(trimmed) ? trimmed : ".";
  if (cut === trimmed.length - 1) return trimmed; // "/" or "C:\"
  if (cut === 0) return trimmed[0];
  if (cut === 2 && /^[A-Za-z]:/.test(trimmed)) return trimmed.slice(0, 3);
  return trimmed.slice(0, cut);
}

/** The file-system calls {@link mkdirEach} makes. */
export interface MkdirCalls {
  /** What is at a path, or undefined when nothing is. */
  kind(path: string): "file" | "dir" | "other" | undefined;
  /** Creates one folder; throws Node-style errors (`code`). */
  mkdir(path: string): void;
}

/**
 * Creates `path` and its missing parents one folder at a time from the
 * outermost, as io/atomic_write.ts `ensureDir` does. Not Node's
 * `mkdirSync(…, { recursive: true })`: Node 20 loops on it forever where a
 * file system refuses a folder whose parent exists (`/proc/x`: ENOENT, then
 * EEXIST for the parent, again and again). Here such a refusal throws an
 * error naming the folder, its `code` kept.
 */
export function mkdirEach(path: string, fs: MkdirCalls): void {
  const missing: string[] = [];
  for (let at = path;; at = parentPath(at)) {
    const kind = fs.kind(at);
    if (kind === "dir") break;
    if (kind !== undefined || parentPath(at) === at) {
      // Something else in the way: mkdir says what (EEXIST, ENOTDIR).
      fs.mkdir(missing.at(-1) ?? at);
      break;
    }
    missing.push(at);
  }
  for (const at of missing.reverse()) {
    try {
      fs.mkdir(at);
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (code === "EEXIST" && fs.kind(at) === "dir") continue;
      if (code !== "ENOENT") throw error;
      throw Object.assign(
        new Error(
          `cannot create the folder ${at}: its file system does not allow new folders there`,
        ),
        { code, path: at },
      );
    }
  }
}
