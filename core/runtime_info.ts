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
