/**
 * What hosts execute: the hook, status-line, action and serve entrypoints.
 *
 * @module
 */

export { runtimeExecPath, runtimeName } from "../core/runtime_info.ts";
export type { RuntimeName } from "../core/runtime_info.ts";
