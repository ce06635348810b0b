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
   * Keeps code that runs in this process (a hook handler) from choosing its
   * exit code: from now on a `process.exit` (or Deno's own exit) of that code
   * exits with the code last given to `setExitCode` or `exit` (0 until
   * then), not with its own.
   */
  guardExit(): void;
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

/**
 * True when `chunks` hold one whole JSON object — all a host sends a hook,
 * status line or usage event — so a reader can stop without waiting for a
 * host that never closes stdin. Parsed only when the last non-blank byte is
 * `}`, so a payload arriving in pieces is not re-parsed at every piece.
 */
export function wholeObject(chunks: Uint8Array[]): boolean {
  for (let i = chunks.length - 1; i >= 0; i--) {
    const c = chunks[i];
    for (let j = c.length - 1; j >= 0; j--) {
      const b = c[j];
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      if (b !== 0x7d) return false;
      try {
        const value = JSON.parse(new TextDecoder().decode(concat(chunks)));
        return value !== null && typeof value === "object" && !Array.isArray(value);
      } catch {
        return false;
      }
    }
  }
  return false;
}
