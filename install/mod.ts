/**
 * The install pipeline. The write engine (`applyEdits`) applies the edits
 * adapters declare; see `apply.ts` for its contract.
 *
 * @module
 */

export { applyEdits, type ApplyOptions, type ApplyResult, type PeerWant } from "./apply.ts";
export * from "./edits.ts";
export type { ItemMatch, JsonPath } from "../core/edit_json.ts";
