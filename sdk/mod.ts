/**
 * The authoring SDK: the `define*` family, introspection helpers and the
 * public types.
 *
 * @module
 */

export * from "../mod.ts";
