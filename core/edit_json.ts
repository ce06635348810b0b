/**
 * Format-preserving edits of JSON and JSONC files: set or remove a value at a
 * key path, and upsert or remove items of an array matched by a field. Every
 * byte outside the edited member stays as it was: comments, trailing commas,
 * key order, indentation, line endings, BOM and the final newline. Removing
 * what {@link setJsonAt} inserted gives the original text back.
 *
 * Paths are arrays of keys, never dotted strings: `["amp.mcpServers", "x"]`
 * addresses the literal key `"amp.mcpServers"`.
 *
 * ```ts
 * import { removeJsonAt, setJsonAt } from "./edit_json.ts";
 * const before = '{\n  // mine\n  "a": 1\n}\n';
 * const set = setJsonAt(before, ["mcpServers", "acme"], { command: "acme" });
 * set.created; // [["mcpServers"]]
 * removeJsonAt(set.text, ["mcpServers", "acme"], { prune: set.created }).text === before; // true
 * ```
 *
 * @module
 */

import {
  errorName,
  findNodeAtLocation,
  getNodeValue,
  type JsonNode as Node,
  type ParseError,
  parseTree,
} from "./jsonc.ts";
import {
  applyTextEdits,
  insertMember,
  type JsonStyle,
  removeMember,
  replaceValue,
} from "./_json_splice.ts";
import { deepEqual } from "./hash.ts";
import { type ItemMatch, itemMatches } from "./_data_path.ts";
import { detectEol, DuplicateKeyError, joinBom, lineOf, splitBom } from "./text_format.ts";

/** A key path: one string per object key, taken literally (no dot splitting). */
export type JsonPath = readonly string[];

export type { ItemMatch };

/** What an edit did. */
export interface JsonEditResult {
  /** The new text (the input itself when nothing changed). */
  text: string;
  /** False when the value was already there (nothing to write). */
  changed: boolean;
  /** Object/array paths that did not exist and were created (outermost first). */
  created: string[][];
  /** Paths of empty containers removed because they were listed in `prune`. */
  pruned: string[][];
}

/** The text does not parse as JSON/JSONC. */
export class JsonSyntaxError extends SyntaxError {
  /** 1-based line of the first error. */
  readonly line: number;
  /** Creates the error. */
  constructor(message: string, line: number) {
    super(message);
    this.name = "JsonSyntaxError";
    this.line = line;
  }
}

/** A path runs through a value that is not an object (or array, for item edits). */
export class JsonPathConflictError extends TypeError {
  /** The prefix of the path whose value has the wrong type. */
  readonly at: string[];
  /** Creates the error. */
  constructor(at: string[], expected: string) {
    super(`"${at.join(".")}" is not ${expected}`);
    this.name = "JsonPathConflictError";
    this.at = at;
  }
}

/** A parsed document; shared between calls, so never mutated. */
interface Parsed {
  readonly bom: boolean;
  readonly body: string;
  readonly root: Node | undefined;
  readonly style: JsonStyle;
}

/**
 * The last few documents parsed, by exact text. An install reads, edits and
 * checks each file's text through several calls (read the entry, set it,
 * parse the result; the next entry starts from that result), so most parses
 * would repeat the one before.
 */
const recent = new Map<string, Parsed>();
const RECENT = 4;

/** Parses `text`; the root must be an object unless `root` is `"any"` (a root array, Zed's tasks.json). */
function parse(text: string, root: "object" | "any" = "object"): Parsed {
  let p = recent.get(text);
  if (p) recent.delete(text);
  else {
    p = parseFresh(text);
    if (recent.size >= RECENT) recent.delete(recent.keys().next().value!);
  }
  recent.set(text, p);
  const tree = p.root;
  if (tree && tree.type !== "object" && (root === "object" || tree.type !== "array")) {
    throw new JsonPathConflictError([], root === "object" ? "an object" : "an object or an array");
  }
  return p;
}

function parseFresh(text: string): Parsed {
  const { bom, body } = splitBom(text);
  const errors: ParseError[] = [];
  const tree = parseTree(body, errors);
  if (body.trim() !== "" && (errors.length > 0 || tree === undefined)) {
    const first = errors[0];
    const line = lineOf(body, first?.offset ?? 0);
    const what = first
      ? errorName(first.error).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()
      : "no value";
    throw new JsonSyntaxError(`line ${line}: ${what}`, line);
  }
  return { bom, body, root: tree, style: { unit: detectUnit(body), eol: detectEol(body) } };
}

function detectUnit(body: string): string {
  const m = /\n([ \t]+)["\]}\[{0-9tfn-]/.exec(body);
  if (!m) return "  ";
  return m[1][0] === "\t" ? "\t" : m[1];
}

/**
 * Checks that `text` parses as JSON/JSONC (empty text counts as an empty
 * document) with no key twice in one object.
 *
 * @throws {JsonSyntaxError} naming the line of the first error.
 * @throws {DuplicateKeyError} naming both lines of a key that appears twice.
 */
export function assertJsonParses(text: string): void {
  const p = parse(text, "any");
  const dupe = p.root && duplicateKey(p.root);
  if (dupe) {
    throw new DuplicateKeyError(
      lineOf(p.body, dupe.again),
      dupe.key,
      lineOf(p.body, dupe.first),
    );
  }
}

/**
 * The first key that appears twice in one object, with both offsets: the
 * host keeps the last, so an edit to either one is a guess (#19: install
 * wrote into the last `mcpServers`, uninstall found nothing).
 */
function duplicateKey(node: Node): { key: string; first: number; again: number } | undefined {
  if (node.type === "object") {
    const seen = new Map<string, number>();
    for (const prop of node.children ?? []) {
      const name = prop.children?.[0];
      if (typeof name?.value !== "string") continue;
      const first = seen.get(name.value);
      if (first !== undefined) return { key: name.value, first, again: name.offset };
      seen.set(name.value, name.offset);
    }
  }
  for (const child of node.children ?? []) {
    const hit = duplicateKey(child);
    if (hit) return hit;
  }
  return undefined;
}

/** Parses JSON/JSONC text to a value; `undefined` for an empty document. */
export function parseJsonText(text: string): unknown {
  const p = parse(text, "any");
  return p.root ? plain(getNodeValue(p.root)) : undefined;
}

/** Values as JSON.parse would give them: numbers JSON cannot hold (1e999, -0) read as null and 0. */
function plain(v: unknown): unknown {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

/** What lives at a path. */
export interface JsonLookup {
  /** True when the path exists. */
  found: boolean;
  /** The value there, when found. */
  value?: unknown;
}

/**
 * Reads the value at `path`.
 *
 * @throws {JsonSyntaxError} when the text does not parse.
 */
export function getJsonAt(text: string, path: JsonPath): JsonLookup {
  const p = parse(text, "any");
  if (!p.root) return { found: false };
  const n = path.length === 0 ? p.root : findNodeAtLocation(p.root, [...path]);
  return n ? { found: true, value: plain(getNodeValue(n)) } : { found: false };
}

/** Finds the deepest existing container along `path` and how many segments it covers. */
function deepest(root: Node, path: JsonPath): { node: Node; depth: number } {
  let node = root;
  let depth = 0;
  while (depth < path.length) {
    const prop = (node.children ?? []).filter((c) => c.children?.[0]?.value === path[depth]).pop();
    if (!prop) break;
    const value = prop.children![1];
    if (depth === path.length - 1) return { node: value, depth: depth + 1 };
    if (value.type !== "object") {
      throw new JsonPathConflictError(path.slice(0, depth + 1), "an object");
    }
    node = value;
    depth++;
  }
  return { node, depth };
}

function nest(path: JsonPath, from: number, value: unknown): unknown {
  let v = value;
  for (let i = path.length - 1; i > from; i--) v = { [path[i]]: v };
  return v;
}

function finish(
  p: Parsed,
  body: string,
  created: string[][] = [],
  pruned: string[][] = [],
): JsonEditResult {
  parse(joinBom(p, body), "any"); // the result must parse
  return { text: joinBom(p, body), changed: true, created, pruned };
}

function unchanged(text: string): JsonEditResult {
  return { text, changed: false, created: [], pruned: [] };
}

/**
 * Sets `path` to `value`, creating missing parent objects. An equal value
 * (deep-equal, any key order) leaves the text untouched.
 *
 * @throws {JsonSyntaxError} when the text does not parse.
 * @throws {JsonPathConflictError} when a parent on the path is not an object.
 */
export function setJsonAt(text: string, path: JsonPath, value: unknown): JsonEditResult {
  if (path.length === 0) throw new RangeError("setJsonAt needs a non-empty path");
  const p = parse(text);
  if (!p.root) {
    const body = "{" + p.style.eol + p.style.unit + JSON.stringify(path[0]) + ": " +
      JSON.stringify(nest(path, 0, value), null, p.style.unit).replace(
        /\n/g,
        p.style.eol + p.style.unit,
      ) +
      p.style.eol + "}" + p.style.eol;
    return finish(p, body, path.slice(0, -1).map((_, i) => path.slice(0, i + 1)));
  }
  const { node, depth } = deepest(p.root, path);
  if (depth === path.length) {
    if (deepEqual(getNodeValue(node), value)) return unchanged(text);
    return finish(p, applyTextEdits(p.body, replaceValue(p.body, node, value, p.style)));
  }
  const edits = insertMember(p.body, node, path[depth], nest(path, depth, value), p.style);
  const created = [];
  for (let i = depth + 1; i < path.length; i++) created.push(path.slice(0, i));
  return finish(p, applyTextEdits(p.body, edits), created);
}

/** Options of removals. */
export interface RemoveOptions {
  /** Container paths we created earlier: removed too once they are empty. */
  prune?: readonly (readonly string[])[];
}

function containerAt(root: Node, path: readonly string[]): { prop?: Node; node: Node } | undefined {
  if (path.length === 0) return { node: root };
  const n = findNodeAtLocation(root, [...path]);
  return n ? { prop: n.parent, node: n } : undefined;
}

function pruneEmpty(
  body: string,
  prune: readonly (readonly string[])[],
): { body: string; pruned: string[][] } {
  const pruned: string[][] = [];
  const order = [...prune].sort((a, b) => b.length - a.length);
  let out = body;
  for (const path of order) {
    if (path.length === 0) continue;
    const root = parseTree(out, []);
    const hit = root && containerAt(root, path);
    if (!hit || !hit.prop || (hit.node.type !== "object" && hit.node.type !== "array")) continue;
    const inner = out.slice(hit.node.offset + 1, hit.node.offset + hit.node.length - 1);
    if ((hit.node.children ?? []).length > 0 || inner.trim() !== "") continue;
    const parent = hit.prop.parent!;
    out = applyTextEdits(out, removeMember(out, parent, parent.children!.indexOf(hit.prop)));
    pruned.push([...path]);
  }
  return { body: out, pruned };
}

/**
 * Removes the member at `path` (every duplicate of the key), then removes
 * each `prune` container that is left empty. A missing path is not an error.
 *
 * @throws {JsonSyntaxError} when the text does not parse.
 */
export function removeJsonAt(
  text: string,
  path: JsonPath,
  options: RemoveOptions = {},
): JsonEditResult {
  const p = parse(text);
  if (!p.root || path.length === 0) return unchanged(text);
  let body = p.body;
  let removed = false;
  for (;;) {
    const root = parseTree(body, [])!;
    const parentHit = containerAt(root, path.slice(0, -1));
    if (!parentHit || parentHit.node.type !== "object") break;
    const idx = (parentHit.node.children ?? []).findIndex((c) =>
      c.children?.[0]?.value === path[path.length - 1]
    );
    if (idx < 0) break;
    body = applyTextEdits(body, removeMember(body, parentHit.node, idx));
    removed = true;
  }
  if (!removed) return unchanged(text);
  const { body: out, pruned } = pruneEmpty(body, options.prune ?? []);
  return finish(p, out, [], pruned);
}

/**
 * Inserts `value` into the array at `arrayPath`, or replaces the first item
 * matching `match`. A missing array (and its missing parents) is created.
 * An empty `arrayPath` is the document's root array (Zed's tasks.json).
 *
 * @throws {JsonSyntaxError} when the text does not parse.
 * @throws {JsonPathConflictError} when the path holds something else than an array.
 */
export function upsertJsonItem(
  text: string,
  arrayPath: JsonPath,
  match: ItemMatch,
  value: unknown,
): JsonEditResult {
  const p = parse(text, "any");
  if (arrayPath.length === 0 && !p.root) {
    // An empty document gets the root array (Zed's tasks.json).
    const item = JSON.stringify(value, null, p.style.unit).replace(
      /\n/g,
      p.style.eol + p.style.unit,
    );
    return finish(p, `[${p.style.eol}${p.style.unit}${item}${p.style.eol}]${p.style.eol}`);
  }
  const hit = p.root && arrayPath.length === 0
    ? p.root
    : p.root && p.root.type === "object"
    ? findNodeAtLocation(p.root, [...arrayPath])
    : undefined;
  if (!hit) {
    const r = setJsonAt(text, arrayPath, [value]);
    return { ...r, created: [...r.created, [...arrayPath]] };
  }
  if (hit.type !== "array") throw new JsonPathConflictError([...arrayPath], "an array");
  const items = hit.children ?? [];
  const idx = items.findIndex((n) => itemMatches(match, getNodeValue(n)));
  if (idx < 0) {
    return finish(p, applyTextEdits(p.body, insertMember(p.body, hit, undefined, value, p.style)));
  }
  if (deepEqual(getNodeValue(items[idx]), value)) return unchanged(text);
  return finish(p, applyTextEdits(p.body, replaceValue(p.body, items[idx], value, p.style)));
}

/**
 * Removes every item of the array at `arrayPath` (empty: the root array)
 * matching `match`, then prunes emptied `prune` containers.
 *
 * @throws {JsonSyntaxError} when the text does not parse.
 */
export function removeJsonItems(
  text: string,
  arrayPath: JsonPath,
  match: ItemMatch,
  options: RemoveOptions = {},
): JsonEditResult {
  const p = parse(text, "any");
  let body = p.body;
  let removed = false;
  for (;;) {
    const root = parseTree(body, []);
    const arr = root && arrayPath.length === 0
      ? root
      : root && root.type === "object"
      ? findNodeAtLocation(root, [...arrayPath])
      : undefined;
    if (!arr || arr.type !== "array") break;
    const idx = (arr.children ?? []).findIndex((n) => itemMatches(match, getNodeValue(n)));
    if (idx < 0) break;
    body = applyTextEdits(body, removeMember(body, arr, idx));
    removed = true;
  }
  if (!removed) return unchanged(text);
  const { body: out, pruned } = pruneEmpty(body, options.prune ?? []);
  return finish(p, out, [], pruned);
}

/** Lists the items of the array at `arrayPath` matching `match` (empty when absent). */
export function findJsonItems(text: string, arrayPath: JsonPath, match: ItemMatch): unknown[] {
  const found = getJsonAt(text, arrayPath);
  if (!found.found || !Array.isArray(found.value)) return [];
  return found.value.filter((item) => itemMatches(match, item));
}

export { itemMatches };
