/**
 * Format-preserving YAML edits: set or remove a map entry (Goose
 * `extensions.<id>`, Hermes `mcp_servers.<id>`) and upsert or remove an
 * item of a sequence matched by fields (Continue `mcpServers` by `name`).
 * The file is never re-serialized: the `yaml` package locates nodes, our
 * entry is rendered by it and spliced in as whole lines at the file's own
 * indentation (flow collections such as `[]` get a flow-style member), so
 * comments and every other byte stay as they were, and removing what we
 * inserted gives the original text back. The text is re-parsed after each
 * edit and everything outside our entry must still be equal.
 *
 * ```ts
 * import { removeYamlAt, setYamlAt } from "./edit_yaml.ts";
 * const before = "# goose\nextensions:\n  developer:\n    type: builtin\n";
 * const set = setYamlAt(before, ["extensions", "acme"], { cmd: "acme" });
 * set.text; // "# goose\nextensions:\n  developer:\n    type: builtin\n  acme:\n    cmd: acme\n"
 * removeYamlAt(set.text, ["extensions", "acme"]).text === before; // true
 * ```
 *
 * @module
 */

import { isSeq, type Node, parseAllDocuments, parseDocument, stringify } from "yaml";
import { deepEqual } from "./hash.ts";
import {
  type ItemMatch,
  itemMatches,
  walkData as walk,
  withoutPath as without,
} from "./_data_path.ts";
import { detectEol, DuplicateKeyError, joinBom, splitBom } from "./text_format.ts";
import {
  type Container,
  containerOf,
  locate,
  type Member,
  memberAt,
  type YamlStyle,
  yamlStyle,
} from "./_yaml_locate.ts";

/** The entry cannot be edited in place (an alias, several documents, a parent that is not a map). */
export class YamlEditError extends TypeError {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "YamlEditError";
  }
}

/** The text does not parse as YAML. */
export class YamlSyntaxError extends SyntaxError {
  /** 1-based line of the first error. */
  readonly line: number;
  /** Creates the error. */
  constructor(message: string, line: number) {
    super(message);
    this.name = "YamlSyntaxError";
    this.line = line;
  }
}

/** What an edit did. */
export interface YamlEditResult {
  /** New text. */
  text: string;
  /** False when nothing changed. */
  changed: boolean;
  /** Containers created on the way (for a later prune). */
  created: string[][];
  /** Containers removed because they were listed for pruning and were left empty. */
  pruned: string[][];
}

interface Ctx {
  bom: boolean;
  b: string;
  eol: string;
  root: Node | null;
  js: unknown;
  style: YamlStyle;
}

function open(text: string): Ctx {
  const { bom, body } = splitBom(text);
  if (/^(---|\.\.\.)/m.test(body) && parseAllDocuments(body).length > 1) {
    throw new YamlEditError("the file holds several YAML documents; edit it by hand");
  }
  const doc = parseDocument(body, { uniqueKeys: false });
  const err = doc.errors[0];
  if (err) {
    const line = err.linePos?.[0]?.line ?? 1;
    throw new YamlSyntaxError(`line ${line}: ${err.message.split(" at line")[0]}`, line);
  }
  const root = (doc.contents as Node | null) ?? null;
  return { bom, b: body, eol: detectEol(body), root, js: doc.toJS(), style: yamlStyle(body, root) };
}

/**
 * Parses YAML text to plain data (BOM allowed).
 *
 * @throws {YamlSyntaxError} naming the line of the first error.
 */
export function parseYamlText(text: string): unknown {
  return open(text).js;
}

/**
 * Checks that `text` is YAML we can edit: it parses, and no map holds a key
 * twice (the host keeps one of them, so an edit to either is a guess).
 *
 * @throws {YamlSyntaxError} naming the line of a syntax error.
 * @throws {DuplicateKeyError} naming the line of a key that appears twice.
 */
export function assertYamlEditable(text: string): void {
  open(text);
  const { body } = splitBom(text);
  const dupe = parseDocument(body, { uniqueKeys: true }).errors.find((e) =>
    e.code === "DUPLICATE_KEY"
  );
  if (!dupe) return;
  throw new DuplicateKeyError(dupe.linePos?.[0]?.line ?? 1);
}

/** Reads the value at `path`. */
export function getYamlAt(
  text: string,
  path: readonly string[],
): { found: boolean; value?: unknown } {
  return walk(open(text).js, path);
}

const unchanged = (text: string): YamlEditResult => ({
  text,
  changed: false,
  created: [],
  pruned: [],
});

function block(c: Ctx, value: unknown, indent: string): string {
  const text = stringify(value, {
    indent: c.style.unit,
    indentSeq: c.style.indentSeq,
    lineWidth: 0,
  });
  return text.replace(/\n$/, "").split("\n").map((l) => (l ? indent + l : l)).join(c.eol);
}

function flow(value: unknown): string {
  return stringify(value, { collectionStyle: "flow", lineWidth: 0 }).trim();
}

/** Text of a new member: `key: value` (map) or `value` (sequence). */
function memberText(
  c: Ctx,
  key: string | undefined,
  value: unknown,
  indent: string,
  isFlow: boolean,
): string {
  if (isFlow) return key === undefined ? flow(value) : flow({ [key]: value }).slice(1, -1).trim();
  return block(c, key === undefined ? [value] : { [key]: value }, indent);
}

function insert(c: Ctx, at: Container, key: string | undefined, value: unknown): string {
  const b = c.b;
  if (at.kind === "flow") {
    const t = memberText(c, key, value, "", true);
    return at.lastEnd === undefined
      ? b.slice(0, at.open + 1) + t + b.slice(at.open + 1)
      : b.slice(0, at.lastEnd) + ", " + t + b.slice(at.lastEnd);
  }
  const t = memberText(c, key, value, at.indent, false);
  if (at.insertAt >= b.length && b.length > 0 && !b.endsWith("\n")) return b + c.eol + t;
  return b.slice(0, at.insertAt) + t + c.eol + b.slice(at.insertAt);
}

function replace(c: Ctx, m: Member, key: string | undefined, value: unknown): string {
  const t = memberText(c, key, value, m.indent, m.flow);
  const keepEol = !m.flow && !(m.ownEnd >= c.b.length && !c.b.endsWith("\n"));
  return c.b.slice(0, m.ownStart) + t + (keepEol ? c.eol : "") + c.b.slice(m.ownEnd);
}

function remove(b: string, m: Member): string {
  if (!m.flow && m.end >= b.length && !b.endsWith("\n") && m.start > 0) {
    const cut = b[m.start - 2] === "\r" ? m.start - 2 : m.start - 1;
    return b.slice(0, cut) + b.slice(m.end);
  }
  return b.slice(0, m.start) + b.slice(m.end);
}

function finish(
  c: Ctx,
  b: string,
  path: readonly string[],
  expect: (v: unknown) => boolean,
  created: string[][] = [],
  pruned: string[][] = [],
): YamlEditResult {
  const text = joinBom(c, b);
  let after: Ctx;
  try {
    after = open(text);
  } catch (err) {
    throw new YamlEditError(`the edited file would not parse (${(err as Error).message})`);
  }
  const rest = (js: unknown) => pruned.reduce((acc, p) => without(acc, p), without(js, path));
  if (!expect(walk(after.js, path).value) || !deepEqual(rest(after.js), rest(c.js))) {
    throw new YamlEditError(
      `"${path.join(".")}" cannot be edited in place without touching other entries`,
    );
  }
  return { text, changed: true, created, pruned };
}

function blocked(reason: string): never {
  throw new YamlEditError(reason);
}

/**
 * Sets the map entry at `path` to `value`, creating missing parent maps.
 *
 * @throws {YamlSyntaxError} when the text does not parse.
 * @throws {YamlEditError} when the entry cannot be edited in place.
 */
export function setYamlAt(text: string, path: readonly string[], value: unknown): YamlEditResult {
  const c = open(text);
  const cur = walk(c.js, path);
  if (cur.found && deepEqual(cur.value, value)) return unchanged(text);
  const loc = locate(c.b, c.root, path, c.style);
  if (loc.kind === "blocked") blocked(loc.reason);
  if (loc.kind === "found") {
    return finish(
      c,
      replace(c, loc.member, path[path.length - 1], value),
      path,
      (v) => deepEqual(v, value),
    );
  }
  let v = value;
  for (let i = path.length - 1; i > loc.depth; i--) v = { [path[i]]: v };
  const created: string[][] = [];
  for (let i = loc.depth + 1; i < path.length; i++) created.push(path.slice(0, i));
  return finish(
    c,
    insert(c, loc.container, path[loc.depth], v),
    path,
    (x) => deepEqual(x, value),
    created,
  );
}

function prune(
  c: Ctx,
  b: string,
  list: readonly (readonly string[])[],
): { b: string; pruned: string[][] } {
  const pruned: string[][] = [];
  for (const p of [...list].sort((x, y) => y.length - x.length)) {
    const again = open(joinBom(c, b));
    const v = walk(again.js, p);
    const empty = v.found &&
      (v.value === null || (typeof v.value === "object" && Object.keys(v.value!).length === 0));
    if (!empty) continue;
    const l = locate(again.b, again.root, p, again.style);
    if (l.kind !== "found") continue;
    b = remove(again.b, l.member);
    pruned.push([...p]);
  }
  return { b, pruned };
}

/**
 * Removes the map entry at `path`, then each `prune` container left empty.
 *
 * @throws {YamlSyntaxError} when the text does not parse.
 * @throws {YamlEditError} when the entry cannot be removed in place.
 */
export function removeYamlAt(
  text: string,
  path: readonly string[],
  pruneList: readonly (readonly string[])[] = [],
): YamlEditResult {
  const c = open(text);
  if (!walk(c.js, path).found) return unchanged(text);
  const loc = locate(c.b, c.root, path, c.style);
  if (loc.kind !== "found") {
    blocked(loc.kind === "blocked" ? loc.reason : `"${path.join(".")}" not found`);
  }
  const r = prune(c, remove(c.b, loc.member), pruneList);
  return finish(c, r.b, path, (v) => v === undefined, [], r.pruned);
}

/** The items of the sequence at `path` matching `match`. */
export function findYamlItems(text: string, path: readonly string[], match: ItemMatch): unknown[] {
  const v = getYamlAt(text, path).value;
  return Array.isArray(v) ? v.filter((i) => itemMatches(match, i)) : [];
}

/**
 * Replaces the first item of the sequence at `path` matching `match`, or
 * appends `value`; a missing sequence (and its parents) is created.
 *
 * @throws {YamlEditError} when the sequence cannot be edited in place.
 */
export function upsertYamlItem(
  text: string,
  path: readonly string[],
  match: ItemMatch,
  value: unknown,
): YamlEditResult {
  const c = open(text);
  const loc = locate(c.b, c.root, path, c.style);
  if (loc.kind === "blocked") blocked(loc.reason);
  if (loc.kind === "missing") {
    const r = setYamlAt(text, path, [value]);
    return { ...r, created: [...r.created, [...path]] };
  }
  const items = (walk(c.js, path).value as unknown[] | null) ?? [];
  if (!Array.isArray(items)) blocked(`"${path.join(".")}" is not a list`);
  const idx = items.findIndex((i) => itemMatches(match, i));
  if (idx >= 0 && deepEqual(items[idx], value)) return unchanged(text);
  const expected = idx >= 0 ? items.map((x, n) => (n === idx ? value : x)) : [...items, value];
  if (idx >= 0) {
    const m = memberAt(c.b, loc.node!, idx);
    if (typeof m === "string") blocked(`"${path.join(".")}": ${m}`);
    return finish(c, replace(c, m, undefined, value), path, (v) => deepEqual(v, expected));
  }
  const at = containerOf(c.b, loc.node, loc.pair, c.style, true);
  if (typeof at === "string") blocked(`"${path.join(".")}": ${at}`);
  return finish(c, insert(c, at, undefined, value), path, (v) => deepEqual(v, expected));
}

/**
 * Removes every item of the sequence at `path` matching `match`, then each
 * `prune` container left empty.
 *
 * @throws {YamlEditError} when the sequence cannot be edited in place.
 */
export function removeYamlItems(
  text: string,
  path: readonly string[],
  match: ItemMatch,
  pruneList: readonly (readonly string[])[] = [],
): YamlEditResult {
  let c = open(text);
  const items = walk(c.js, path).value;
  if (!Array.isArray(items) || !items.some((i) => itemMatches(match, i))) {
    return unchanged(text);
  }
  const first = c;
  for (;;) {
    const arr = walk(c.js, path).value;
    const idx = Array.isArray(arr) ? arr.findIndex((i) => itemMatches(match, i)) : -1;
    if (idx < 0) break;
    const loc = locate(c.b, c.root, path, c.style);
    if (loc.kind !== "found" || !isSeq(loc.node)) blocked(`"${path.join(".")}" is not a list`);
    const m = memberAt(c.b, loc.node, idx);
    if (typeof m === "string") blocked(`"${path.join(".")}": ${m}`);
    c = open(joinBom(first, remove(c.b, m)));
  }
  const rest = items.filter((i) => !itemMatches(match, i));
  const r = prune(first, c.b, pruneList);
  return finish(
    first,
    r.b,
    path,
    (v) => (v === undefined || v === null ? rest.length === 0 : deepEqual(v, rest)),
    [],
    r.pruned,
  );
}
