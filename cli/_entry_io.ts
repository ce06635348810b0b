/**
 * Adapts a command context to the runtime entrypoints' I/O.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import type { CliContext } from "./_context.ts";
import type { EntryIo } from "../runtime/hook_main.ts";
import { readAllText } from "../runtime/io.ts";

/** The entry I/O of `ctx`. */
export function contextIo(ctx: CliContext): EntryIo {
  return {
    readStdin: () => readAllText(ctx.stdin),
    out: (text) => Promise.resolve(text ? ctx.stdout.write(text) : undefined),
    err: (text) => Promise.resolve(text ? ctx.stderr.write(text) : undefined),
    readText(path) {
      try {
        return readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
    },
    env: ctx.machine.env,
    home: ctx.machine.home,
    sep: ctx.machine.os === "win32" ? "\\" : "/",
  };
}
