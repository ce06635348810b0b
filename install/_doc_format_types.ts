/**
 * The interface every structured format (install/_doc_format.ts JSON,
 * _toml_format.ts, _yaml_format.ts) implements, apart from the formats so
 * each imports only this.
 *
 * @module
 */

import type { ItemMatch } from "../core/edit_json.ts";

/** Where an entry is: a key path, or an item of the array at `path` matched by `match`. */
export interface Locator {
  /** Key or table path (the array's path for items). */
  path: readonly string[];
  /** Present for array items. */
  match?: ItemMatch;
}

/** The result of a set. */
export interface DocSet {
  /** New text. */
  text: string;
  /** Containers created on the way. */
  created: string[][];
}

/** The result of a removal. */
export interface DocRemove {
  /** New text. */
  text: string;
  /** False when nothing was there. */
  changed: boolean;
  /** Containers removed because they were listed for pruning and became empty. */
  pruned: string[][];
}

/** A structured file format the engine can edit in place. */
export interface DocFormat {
  /** Name used in messages ("JSON"). */
  name: string;
  /** Throws an error with a `line` when the text does not parse. */
  check(text: string): void;
  /** The entry at `loc` (the first matching item for arrays). */
  get(text: string, loc: Locator): { found: boolean; value?: unknown };
  /** Sets the entry. */
  set(text: string, loc: Locator, value: unknown): DocSet;
  /** Removes the entry (every matching item). */
  remove(text: string, loc: Locator, prune: readonly (readonly string[])[]): DocRemove;
  /** True when the document holds nothing (a file we created may then go). */
  isEmpty(text: string): boolean;
}
