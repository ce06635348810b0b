/**
 * Format-preserving TOML edits: upsert or remove a table we own (such as
 * `[mcp_servers.acme]` with its sub-tables) or an entry of an array of
 * tables (`[[mcp_servers]]` matched by `name`, `[[hooks]]`). The file is
 * never re-serialized: our table is spliced in as a rendered block (after
 * its sibling tables, else at the end, after one blank line) and removing it
 * takes out its lines and that one blank line, which gives the original
 * bytes back. smol-toml parses before and after every edit, and an edit
 * that would change anything outside our table is refused.
 *
 * ```ts
 * import { removeTomlTable, setTomlTable } from "./edit_toml.ts";
 * const before = '# mine\nmodel = "o3"\n';
 * const set = setTomlTable(before, ["mcp_servers", "acme"], { command: "acme" });
 * set.text; // '# mine\nmodel = "o3"\n\n[mcp_servers.acme]\ncommand = "acme"\n'
 * removeTomlTable(set.text, ["mcp_servers", "acme"]).text === before; // true
 * ```
 *
 * @module
 */

import { parse, TomlError } from "smol-toml";
import { deepEqual } from "./hash.ts";
import {
  type ItemMatch,
  itemMatches,
  walkData as walk,
  withoutPath as without,
} from "./_data_path.ts";
import { headerRegion, scanToml, startsWithPath, type TomlLine } from "./_toml_scan.ts";
import { renderTomlTable, TomlEditError } from "./toml_render.ts";
import { detectEol, joinBom, splitBom } from "./text_format.ts";

export { TomlEditError };

/** What an edit did. */
export interface TomlEditResult {
  /** The new text (the input when nothing changed). */
  text: string;
  /** False when the file already held the value. */
  changed: boolean;
}

/** A parsed TOML document. */
export type TomlDoc = Record<string, unknown>;
type Doc = TomlDoc;

/** TOML text that does not parse: a one-line message starting `line N: `. */
export class TomlSyntaxError extends SyntaxError {
  /** 1-based line of the error. */
  readonly line: number;
  /** Creates the error. */
  constructor(message: string, line: number) {
    super(message);
    this.name = "TomlSyntaxError";
    this.line = line;
  }
}

/** smol-toml's parse, its multi-line error (message + code frame) cut to one line. */
function parseBody(body: string): unknown {
  try {
    return parse(body);
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    const first = err.message.split("\n")[0].replace(/^Invalid TOML document: /, "");
    throw new TomlSyntaxError(`line ${err.line}: ${first}`, err.line);
  }
}

/**
 * Parses TOML text (BOM allowed).
 *
 * @throws {TomlSyntaxError} naming the line of the error, in one line.
 */
export function parseTomlText(text: string): TomlDoc {
  return plain(parseBody(splitBom(text).body)) as Doc;
}

/** smol-toml builds objects without a prototype; callers get ordinary ones (dates stay dates). */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (!v || typeof v !== "object" || v instanceof Date) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
}

/** Reads the value at `path` (a table, or any value). */
export function getTomlAt(
  text: string,
  path: readonly string[],
): { found: boolean; value?: unknown } {
  return walk(parseTomlText(text), path);
}

interface Ctx {
  bom: boolean;
  eol: string;
  lines: TomlLine[];
  doc: Doc;
}

function open(text: string): Ctx {
  const { bom, body } = splitBom(text);
  return { bom, eol: detectEol(body), lines: scanToml(body), doc: plain(parseBody(body)) as Doc };
}

function join(c: Ctx, lines: { content: string; eol: string }[]): string {
  return joinBom(c, lines.map((l) => l.content + l.eol).join(""));
}

type Line = { content: string; eol: string };

function blockLines(block: string[], eol: string, lastEol: string): Line[] {
  return block.map((content, i) => ({ content, eol: i === block.length - 1 ? lastEol : eol }));
}

/** Inserts `block` before line `at` (or at the end), separated by one blank line. */
function insertBlock(lines: Line[], at: number, block: string[], eol: string): Line[] {
  const out = lines.slice();
  if (at < lines.length) {
    out.splice(at, 0, { content: "", eol }, ...blockLines(block, eol, eol));
    return out;
  }
  if (out.length === 0) return blockLines(block, eol, eol);
  const last = out[out.length - 1];
  const finalEol = last.eol;
  if (!finalEol) out[out.length - 1] = { ...last, eol };
  return [...out, { content: "", eol }, ...blockLines(block, eol, finalEol)];
}

/** Removes lines `[start, end)` and at most one adjacent blank line (the one before first). */
function removeLines(lines: Line[], start: number, end: number): Line[] {
  let a = start;
  let b = end;
  if (a > 0 && lines[a - 1].content.trim() === "") a--;
  else if (b < lines.length && lines[b].content.trim() === "") b++;
  const out = [...lines.slice(0, a), ...lines.slice(b)];
  if (b === lines.length && lines[b - 1].eol === "" && a > 0) {
    out[a - 1] = { ...out[a - 1], eol: "" };
  }
  return out;
}

function regionsUnder(
  lines: TomlLine[],
  prefix: readonly string[],
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  lines.forEach((l, i) => {
    if (l.kind === "header" && startsWithPath(l.path!, prefix)) out.push(headerRegion(lines, i));
  });
  return out;
}

function insertionPoint(lines: TomlLine[], path: readonly string[]): number {
  if (path.length < 2) return lines.length;
  const siblings = regionsUnder(lines, path.slice(0, -1));
  return siblings.length ? siblings[siblings.length - 1].end : lines.length;
}

function verify(
  before: Doc,
  text: string,
  path: readonly string[],
  expect: (v: unknown) => boolean,
): void {
  let after: Doc;
  try {
    after = parseTomlText(text);
  } catch (err) {
    throw new TomlEditError(
      `the edited file would not parse (${(err as Error).message.split("\n")[0]})`,
    );
  }
  if (!expect(walk(after, path).value) || !deepEqual(without(after, path), without(before, path))) {
    throw new TomlEditError(
      `"${path.join(".")}" cannot be edited in place without touching other entries`,
    );
  }
}

/**
 * Sets table `table` to `value`: unchanged when equal, replaced in place
 * when present, added as a block after its sibling tables otherwise.
 *
 * @throws {Error} when the text does not parse (smol-toml's error, with `line`).
 * @throws {TomlEditError} when the table is written inline or the edit would touch other entries.
 */
export function setTomlTable(
  text: string,
  table: readonly string[],
  value: Record<string, unknown>,
): TomlEditResult {
  const c = open(text);
  const cur = walk(c.doc, table);
  if (cur.found && deepEqual(cur.value, value)) return { text, changed: false };
  const regions = regionsUnder(c.lines, table);
  if (cur.found && regions.length === 0) {
    throw new TomlEditError(`"${table.join(".")}" is written inline; edit it by hand`);
  }
  const block = renderTomlTable(table, value);
  let lines: Line[] = c.lines;
  if (regions.length === 0) {
    lines = insertBlock(lines, insertionPoint(c.lines, table), block, c.eol);
  } else {
    const first = regions[0];
    const last = regions[regions.length - 1];
    const foreign = c.lines.slice(first.start, last.end).some((l) =>
      l.kind === "header" && !startsWithPath(l.path!, table)
    );
    const span = foreign ? first : { start: first.start, end: last.end };
    for (const r of foreign ? regions.slice(1).reverse() : []) {
      lines = removeLines(lines, r.start, r.end);
    }
    const tailEol = lines[span.end - 1].eol;
    lines = [
      ...lines.slice(0, span.start),
      ...blockLines(block, c.eol, tailEol),
      ...lines.slice(span.end),
    ];
  }
  const out = join(c, lines);
  verify(c.doc, out, table, (v) => deepEqual(v, value));
  return { text: out, changed: true };
}

/**
 * Removes table `table` and its sub-tables; a missing table is not an error.
 *
 * @throws {TomlEditError} when the table is written inline.
 */
export function removeTomlTable(text: string, table: readonly string[]): TomlEditResult {
  const c = open(text);
  if (!walk(c.doc, table).found) return { text, changed: false };
  const regions = regionsUnder(c.lines, table);
  if (regions.length === 0) {
    throw new TomlEditError(`"${table.join(".")}" is written inline; remove it by hand`);
  }
  let lines: Line[] = c.lines;
  for (const r of regions.reverse()) lines = removeLines(lines, r.start, r.end);
  const out = join(c, lines);
  verify(c.doc, out, table, (v) => v === undefined);
  return { text: out, changed: true };
}

/** The line regions of every `[[array]]` entry, in order. */
function entryRegions(c: Ctx, array: readonly string[]): { start: number; end: number }[] {
  const arr = walk(c.doc, array);
  if (arr.found && !Array.isArray(arr.value)) {
    throw new TomlEditError(`"${array.join(".")}" is not an array of tables`);
  }
  const heads: number[] = [];
  c.lines.forEach((l, i) => {
    if (l.kind === "header" && l.array && deepEqual(l.path, array)) heads.push(i);
  });
  if (arr.found && heads.length !== (arr.value as unknown[]).length) {
    throw new TomlEditError(`"${array.join(".")}" is written inline; edit it by hand`);
  }
  return heads.map((h) => {
    let r = headerRegion(c.lines, h);
    for (let i = r.end; i < c.lines.length; i++) {
      const l = c.lines[i];
      if (l.kind !== "header") continue;
      if (!startsWithPath(l.path!, array) || l.path!.length === array.length) break;
      r = { start: r.start, end: headerRegion(c.lines, i).end };
    }
    return r;
  });
}

/**
 * Replaces the first entry of `[[array]]` matching `match` with `value`, or
 * adds `value` after the last entry.
 *
 * @throws {TomlEditError} when the array is written inline or the edit would touch other entries.
 */
export function upsertTomlItem(
  text: string,
  array: readonly string[],
  match: ItemMatch,
  value: Record<string, unknown>,
): TomlEditResult {
  const c = open(text);
  const regions = entryRegions(c, array);
  const items = (walk(c.doc, array).value as unknown[] | undefined) ?? [];
  const idx = items.findIndex((i) => itemMatches(match, i));
  if (idx >= 0 && deepEqual(items[idx], value)) return { text, changed: false };
  const block = renderTomlTable(array, value, true);
  let lines: Line[];
  if (idx >= 0) {
    const r = regions[idx];
    lines = [
      ...c.lines.slice(0, r.start),
      ...blockLines(block, c.eol, c.lines[r.end - 1].eol),
      ...c.lines.slice(r.end),
    ];
  } else {
    const at = regions.length ? regions[regions.length - 1].end : insertionPoint(c.lines, array);
    lines = insertBlock(c.lines, at, block, c.eol);
  }
  const out = join(c, lines);
  const expected = idx >= 0 ? items.map((i, n) => (n === idx ? value : i)) : [...items, value];
  verify(c.doc, out, array, (v) => deepEqual(v, expected));
  return { text: out, changed: true };
}

/**
 * Removes every entry of `[[array]]` matching `match`.
 *
 * @throws {TomlEditError} when the array is written inline.
 */
export function removeTomlItems(
  text: string,
  array: readonly string[],
  match: ItemMatch,
): TomlEditResult {
  const c = open(text);
  const items = (walk(c.doc, array).value as unknown[] | undefined) ?? [];
  const hits = items.map((i, n) => (itemMatches(match, i) ? n : -1)).filter((n) => n >= 0);
  if (hits.length === 0) return { text, changed: false };
  const regions = entryRegions(c, array);
  let lines: Line[] = c.lines;
  for (const n of hits.reverse()) lines = removeLines(lines, regions[n].start, regions[n].end);
  const out = join(c, lines);
  const rest = items.filter((i) => !itemMatches(match, i));
  verify(c.doc, out, array, (v) => deepEqual(v ?? [], rest));
  return { text: out, changed: true };
}

/** The items of `[[array]]` matching `match`. */
export function findTomlItems(text: string, array: readonly string[], match: ItemMatch): unknown[] {
  const arr = getTomlAt(text, array);
  return Array.isArray(arr.value) ? arr.value.filter((i) => itemMatches(match, i)) : [];
}
