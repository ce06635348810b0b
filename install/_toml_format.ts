/**
 * The TOML format for the engine, loaded only when a run edits TOML.
 * Locators: a table path (`["mcp_servers", "acme"]`), or an array of tables
 * with a match (`{ path: ["mcp_servers"], match: { name: "acme" } }`).
 *
 * @module
 */

import {
  findTomlItems,
  getTomlAt,
  parseTomlText,
  removeTomlItems,
  removeTomlTable,
  setTomlTable,
  upsertTomlItem,
} from "../core/edit_toml.ts";
import { TomlEditError } from "../core/toml_render.ts";
import type { DocFormat } from "./_doc_format_types.ts";

function asTable(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new TomlEditError("a TOML table entry must be an object");
  }
  return value as Record<string, unknown>;
}

/** TOML, edited table by table. */
export const TOML_FORMAT: DocFormat = {
  name: "TOML",
  check(text) {
    parseTomlText(text);
  },
  get(text, loc) {
    if (!loc.match) return getTomlAt(text, loc.path);
    const hit = findTomlItems(text, loc.path, loc.match)[0];
    return hit === undefined ? { found: false } : { found: true, value: hit };
  },
  set(text, loc, value) {
    const r = loc.match
      ? upsertTomlItem(text, loc.path, loc.match, asTable(value))
      : setTomlTable(text, loc.path, asTable(value));
    return { text: r.text, created: [] };
  },
  remove(text, loc) {
    const r = loc.match
      ? removeTomlItems(text, loc.path, loc.match)
      : removeTomlTable(text, loc.path);
    return { text: r.text, changed: r.changed, pruned: [] };
  },
  isEmpty(text) {
    return text.replace(/^\uFEFF/, "").trim() === "";
  },
};
