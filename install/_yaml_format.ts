/**
 * The YAML format for the engine, loaded only when a run edits YAML.
 * Locators: a map path (`["extensions", "acme"]`), or a sequence with a
 * match (`{ path: ["mcpServers"], match: { name: "acme" } }`).
 *
 * @module
 */

import {
  assertYamlEditable,
  findYamlItems,
  getYamlAt,
  parseYamlText,
  removeYamlAt,
  removeYamlItems,
  setYamlAt,
  upsertYamlItem,
} from "../core/edit_yaml.ts";
import type { DocFormat } from "./_doc_format_types.ts";

/** YAML, edited entry by entry. */
export const YAML_FORMAT: DocFormat = {
  name: "YAML",
  check(text) {
    assertYamlEditable(text);
  },
  get(text, loc) {
    if (!loc.match) return getYamlAt(text, loc.path);
    const hit = findYamlItems(text, loc.path, loc.match)[0];
    return hit === undefined ? { found: false } : { found: true, value: hit };
  },
  set(text, loc, value) {
    const r = loc.match
      ? upsertYamlItem(text, loc.path, loc.match, value)
      : setYamlAt(text, loc.path, value);
    return { text: r.text, created: r.created };
  },
  remove(text, loc, prune) {
    const r = loc.match
      ? removeYamlItems(text, loc.path, loc.match, prune)
      : removeYamlAt(text, loc.path, prune);
    return { text: r.text, changed: r.changed, pruned: r.pruned };
  },
  isEmpty(text) {
    const body = text.replace(/^\uFEFF/, "");
    if (body.trim() === "") return true;
    const v = parseYamlText(text);
    return v === null ||
      (typeof v === "object" && Object.keys(v as object).length === 0 && body.trim() === "{}");
  },
};
