/**
 * The I/O the hook, status-line and usage-event entries need, from the
 * runtime's own API: on Deno without its Node-compatibility layer (`denoIo`
 * in edge/runtime_info.ts, the one module that touches Deno's namespace), on
 * Node from its built-ins (edge/lean_io_node.ts). DESIGN §5: importing `node:fs` or `node:process`
 * costs a cold Deno start tens of milliseconds.
 *
 * @example
 * ```ts ignore
 * import { leanIo } from "./lean_io.ts";
 * const io = await leanIo();
 * const payload = await io.readStdin(10_000);
 * ```
 *
 * @module
 */

import { denoIo, runtimeName } from "./runtime_info.ts";
import { nodeIo } from "./lean_io_node.ts";
import type { LeanIo } from "./_lean_io_parts.ts";

export type { LeanIo } from "./_lean_io_parts.ts";

/** The lean I/O of the running process. */
export function leanIo(): Promise<LeanIo> {
  return runtimeName() === "deno" ? Promise.resolve(denoIo()) : nodeIo();
}
