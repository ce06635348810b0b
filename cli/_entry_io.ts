/**
 * Adapts a command context to the runtime entrypoints' stream interface.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import type { EntryIo } from "../runtime/hook_main.ts";

/** The entry I/O of `ctx`. */
export function contextIo(ctx: CliContext): EntryIo {
  return {
    stdin: ctx.stdin,
    out: (text) => Promise.resolve(text ? ctx.stdout.write(text) : undefined),
    err: (text) => Promise.resolve(text ? ctx.stderr.write(text) : undefined),
    env: ctx.host.env,
    home: ctx.host.home,
  };
}
