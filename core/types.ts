/**
 * Every public type of the authoring model, in one import.
 *
 * @module
 */

export * from "./platform_types.ts";
export * from "./hook_types.ts";
export * from "./connector_types.ts";
export * from "./usage_types.ts";
