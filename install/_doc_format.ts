/**
 * One interface over the structured formats (JSON/JSONC, TOML, YAML) so the
 * ownership logic is written once. TOML and YAML load lazily: only a run
 * that edits such a file imports their parsers.
 *
 * @module
 */

import {
  assertJsonParses,
  getJsonAt,
  itemMatches,
  JsonSyntaxError,
  parseJsonText,
  removeJsonAt,
  removeJsonItems,
  setJsonAt,
  upsertJsonItem,
} from "../core/edit_json.ts";
import type { DocFormat, DocSet, Locator } from "./_doc_format_types.ts";

export type { DocFormat, DocRemove, DocSet, Locator } from "./_doc_format_types.ts";

/** The JSON/JSONC format. */
export const JSON_FORMAT: DocFormat = {
  name: "JSON",
  check: assertJsonParses,
  get(text, loc) {
    if (!loc.match) return getJsonAt(text, loc.path);
    const arr = getJsonAt(text, loc.path);
    if (!arr.found || !Array.isArray(arr.value)) return { found: false };
    const hit = arr.value.find((item) => itemMatches(loc.match!, item));
    return hit === undefined ? { found: false } : { found: true, value: hit };
  },
  set(text, loc, value) {
    const r = loc.match
      ? upsertJsonItem(text, loc.path, loc.match, value)
      : setJsonAt(text, loc.path, value);
    return { text: r.text, created: r.created };
  },
  remove(text, loc, prune) {
    const r = loc.match
      ? removeJsonItems(text, loc.path, loc.match, { prune })
      : removeJsonAt(text, loc.path, { prune });
    return { text: r.text, changed: r.changed, pruned: r.pruned };
  },
  isEmpty(text) {
    if (text.replace(/^\uFEFF/, "").trim() === "") return true;
    const v = parseJsonText(text);
    const bare = text.replace(/^\uFEFF/, "").replace(/\s+/g, "");
    return !!v && typeof v === "object" && Object.keys(v).length === 0 &&
      (bare === "{}" || bare === "[]");
  },
};

/** The line of a parse error, when the error carries one. */
export function errorLine(err: unknown): number | undefined {
  if (err instanceof JsonSyntaxError) return err.line;
  const line = (err as { line?: unknown })?.line;
  return typeof line === "number" ? line : undefined;
}

/** The structured formats. */
export type FormatFamily = "json" | "toml" | "yaml";

/** Loads the format module for an edit operation family (TOML and YAML only on demand). */
export async function loadFormat(family: FormatFamily): Promise<DocFormat> {
  if (family === "toml") return (await import("./_toml_format.ts")).TOML_FORMAT;
  if (family === "yaml") return (await import("./_yaml_format.ts")).YAML_FORMAT;
  return JSON_FORMAT;
}

/**
 * A format for one set into an empty document, whose text `set` renders
 * without the format's library: every other call finds nothing, and any
 * text but the empty one is a bug in the caller, not a user's file.
 */
export function emptyDocFormat(name: string, set: (loc: Locator) => DocSet): DocFormat {
  const empty = (t: string): void => {
    if (t !== "") throw new Error(`the fresh ${name} format edits an empty document only`);
  };
  return {
    name,
    check: empty,
    get(t) {
      empty(t);
      return { found: false };
    },
    set(t, loc) {
      empty(t);
      return set(loc);
    },
    remove(t) {
      empty(t);
      return { text: t, changed: false, pruned: [] };
    },
    isEmpty(t) {
      empty(t);
      return true;
    },
  };
}
