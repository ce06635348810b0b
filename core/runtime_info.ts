/**
 * The one place that asks which JavaScript runtime we are on. Everything else
 * uses `node:` built-ins, which both Deno and Node provide — except where
 * Deno's Node-compatibility layer costs too much, and a bridge beside this
 * module uses the runtime's own API through {@link denoNamespace}:
 * core/lean_io.ts (the hook and status-line entries' I/O: importing `node:fs`
 * or `node:process` costs a cold Deno start tens of milliseconds) and
 * core/deno_stat.ts (the `usage` scan's stat).
 *
 * This module imports nothing.
 *
 * @module
 */

/** The runtimes we support. */
export type RuntimeName = "deno" | "node";

/** Deno's namespace on Deno, else undefined: for the runtime bridges in core/. */
// deno-lint-ignore no-explicit-any
export const denoNamespace: any = (globalThis as any).Deno;
const deno = denoNamespace;

/** Returns the runtime executing this code. */
export function runtimeName(): RuntimeName {
  return deno ? "deno" : "node";
}

/** The command-line arguments after the runtime and the script. */
export function processArgs(): string[] {
  // deno-lint-ignore no-explicit-any
  return deno ? [...deno.args] : (globalThis as any).process.argv.slice(2);
}

/** Returns the absolute path of the running runtime's executable. */
export function runtimeExecPath(): string {
  // deno-lint-ignore no-explicit-any
  return deno ? deno.execPath() : (globalThis as any).process.execPath;
}

/**
 * True when the runtime lets this process write under `path` without asking:
 * under Deno, when `--allow-write` covers it (never prompts); on Node, always.
 */
export function writeAllowed(path: string): boolean {
  const query = deno?.permissions?.querySync;
  if (!query) return true;
  try {
    return query.call(deno.permissions, { name: "write", path }).state === "granted";
  } catch {
    return false;
  }
}
