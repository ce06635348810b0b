/**
 * The one place that asks which JavaScript runtime we are on. Everything else
 * uses `node:` built-ins, which both Deno and Node provide.
 *
 * @module
 */

import process from "node:process";

/** The runtimes we support. */
export type RuntimeName = "deno" | "node";

/** Returns the runtime executing this code. */
export function runtimeName(): RuntimeName {
  return "Deno" in globalThis ? "deno" : "node";
}

/** Returns the absolute path of the running runtime's executable. */
export function runtimeExecPath(): string {
  return process.execPath;
}

/**
 * True when the runtime lets this process write under `path` without asking:
 * under Deno, when `--allow-write` covers it (never prompts); on Node, always.
 */
export function writeAllowed(path: string): boolean {
  const deno = (globalThis as {
    Deno?: { permissions?: { querySync?(d: { name: "write"; path: string }): { state: string } } };
  }).Deno;
  const query = deno?.permissions?.querySync;
  if (!query) return true;
  try {
    return query.call(deno.permissions, { name: "write", path }).state === "granted";
  } catch {
    return false;
  }
}
