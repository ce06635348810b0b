/**
 * The lean I/O's interface ({@link LeanIo}, which edge/lean_io.ts hands out)
 * and the helpers both implementations (`denoIo` in edge/runtime_info.ts and
 * edge/lean_io_node.ts) share.
 *
 * @module
 */

/** The I/O a runtime entry needs, without loading Deno's Node compatibility layer. */
export interface LeanIo {
  /** Environment variables (empty without permission). */
  env: Record<string, string | undefined>;
  /** The OS family. */
  os: "linux" | "darwin" | "win32";
  /** Reads all of stdin as UTF-8; gives up after `timeoutMs` with what arrived. */
  readStdin(timeoutMs: number): Promise<string>;
  /** A file's text, or undefined. */
  readText(path: string): string | undefined;
  /** Writes to stdout or stderr and resolves once written. */
  write(to: "out" | "err", text: string): Promise<void>;
  /** Sets the process exit code. */
  setExitCode(code: number): void;
  /** Ends the process now with `code`, whatever work is still pending. */
  exit(code: number): void;
  /**
   * Appends `text` to a file (created when missing) opened with O_APPEND, in
   * one write for a regular file's small append; throws on failure.
   */
  appendText(path: string, text: string): void;
  /** Creates a folder and its parents; throws on failure. */
  mkdirp(path: string): void;
  /** What `path` is, or undefined when it cannot be stat'ed. */
  kind(path: string): "file" | "dir" | "other" | undefined;
  /**
   * A folder's entry names, or undefined when it cannot be listed. Deno's
   * only: there a failed read builds an error object that costs more than a
   * listing (io/git_walk.ts `GitWalkFs.names`); Node's lean I/O leaves it out.
   */
  names?(path: string): string[] | undefined;
  /** The process's working directory. */
  cwd(): string;
}

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
