/**
 * The offline test harness for connectors.
 *
 * @module
 */

export type { ResolvedConnector } from "../core/types.ts";
