/**
 * The TOML format for one table set into a TOML file that does not exist yet
 * or is empty (Codex's `config.toml` on a first install): the run then never
 * loads smol-toml nor the in-place editor (core/edit_toml.ts). The text is
 * the one core/edit_toml.ts would write; it checks its result by parsing it
 * back, so this path takes only values that core/toml_render.ts renders
 * exactly as they read back (strings, booleans, safe integers, finite
 * numbers, arrays of those, and tables of all these), and leaves anything
 * else to the full editor.
 *
 * @module
 */

import { renderTomlTable } from "../core/toml_render.ts";
import { type DocFormat, emptyDocFormat } from "./_doc_format.ts";
import type { Edit } from "./edits.ts";

const LONE_SURROGATE = /[\ud800-\udfff]/u;

function plainScalar(v: unknown): boolean {
  if (typeof v === "string") return !LONE_SURROGATE.test(v);
  if (typeof v === "boolean") return true;
  if (typeof v === "number") {
    return Number.isInteger(v) ? Number.isSafeInteger(v) : Number.isFinite(v);
  }
  return false;
}

function plainTable(v: unknown): v is Record<string, unknown> {
  if (
    !v || typeof v !== "object" || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype
  ) {
    return false;
  }
  return Object.entries(v).every(([k, x]) =>
    !LONE_SURROGATE.test(k) &&
    (plainScalar(x) || (Array.isArray(x) && x.every(plainScalar)) || plainTable(x))
  );
}

/**
 * A format bound to edit `e` on a file whose text is `text`, or undefined
 * when `e` is not a table set into an empty file or its value is outside
 * what this path writes.
 */
export function freshTomlFormat(e: Edit, text: string | undefined): DocFormat | undefined {
  if (text !== undefined && text !== "") return undefined;
  if (e.op !== "toml.table.set" || e.table.length === 0 || !plainTable(e.value)) return undefined;
  const value = e.value;
  return emptyDocFormat("TOML", (loc) => ({
    text: renderTomlTable(loc.path, value).map((l) => `${l}\n`).join(""),
    created: [],
  }));
}
