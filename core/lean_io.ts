/**
 * The I/O the hook, status-line and usage-event entries need, from the
 * runtime's own API: on Deno without its Node-compatibility layer (`denoIo`
 * in core/runtime_info.ts, the one module that touches Deno's namespace), on
 * Node from its built-ins (core/lean_io_node.ts). DESIGN §5: importing `node:fs` or `node:process`
 * costs a cold Deno start tens of milliseconds.
 *
 * @example
 * ```ts ignore
 * import { leanIo } from "../core/lean_io.ts";
 * const io = await leanIo();
 * const payload = await io.readStdin(10_000);
 * ```
 *
 * @module
 */

import { denoIo, runtimeName } from "./runtime_info.ts";
import { nodeIo } from "./lean_io_node.ts";

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

/** The lean I/O of the running process. */
export function leanIo(): Promise<LeanIo> {
  return runtimeName() === "deno" ? Promise.resolve(denoIo()) : nodeIo();
}
