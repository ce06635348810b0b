/**
 * Managed blocks in shared Markdown memory files (AGENTS.md, CLAUDE.md,
 * GEMINI.md), exactly as spec §2.4 describes:
 *
 * ```
 * <!-- agent-connector:begin <connectorId>/<name> hash=<sha256-12> -->
 * <!-- Managed by agent-connector for "<connectorId>". Do not edit … -->
 * …content…
 * <!-- agent-connector:end <connectorId>/<name> -->
 * ```
 *
 * `hash=` is the first 12 hex digits of sha256 over the inner region (the
 * lines between the markers) with CRLF turned into LF and trimmed. An
 * unchanged block is a skip; a block whose inner hash differs from its
 * marker's was edited by hand and is left alone unless forced. Replacement
 * is in place; a new block goes after the file's last content, separated by
 * exactly one blank line; blocks use the file's line ending; the BOM is
 * kept; markers inside ``` or ~~~ fences never match. Stray lone markers of
 * the block are stripped (that line only) and duplicate pairs collapse into
 * one. Removal takes out every block under a `<connectorId>/` prefix plus
 * at most one adjacent blank line, which gives the pre-install bytes back.
 * Pure text functions; the caller backs up and writes.
 *
 * @module
 */

import { sha256Hex } from "./hash.ts";
import { detectEol, joinBom, splitBom } from "./text_format.ts";
import { type BlockPair, type MdLine, mdLines, scanBlocks } from "./_block_scan.ts";

/** The shared marker namespace token. */
export const MARKER_TOKEN = "agent-connector";

/**
 * The `hash=` of an inner region: sha256 over CRLF→LF, trimmed text; 12 hex digits.
 *
 * @example
 * ```ts
 * import { blockHash } from "./managed_block.ts";
 * blockHash("a\r\nb\n") === blockHash("a\nb"); // true
 * ```
 */
export function blockHash(inner: string): string {
  return sha256Hex(inner.replace(/\r\n/g, "\n").trim()).slice(0, 12);
}

/**
 * The reserved blockId prefix of ref-counted bridge blocks (spec §2.4), such
 * as Claude Code's `_shared/claude-agents-import`: no one connector owns them.
 */
export const SHARED_BLOCK_PREFIX = "_shared/";

/**
 * The one-line do-not-edit notice inside every block. A connector's block
 * names the connector and its uninstall command; a shared bridge block
 * (`_shared/…`) belongs to no single connector, so it says that it goes
 * away with the last connector that needs it.
 *
 * @param blockId `<connectorId>/<name>`, or `_shared/<name>` for a bridge block.
 * @example
 * ```ts
 * import { blockNotice } from "./managed_block.ts";
 * blockNotice("acme/memory").includes("`agent-connector uninstall acme`"); // true
 * blockNotice("_shared/claude-agents-import").includes("_shared"); // false
 * ```
 */
export function blockNotice(blockId: string): string {
  if (blockId.startsWith(SHARED_BLOCK_PREFIX)) {
    return "<!-- Managed by agent-connector, shared by every connector that needs it. Do not edit " +
      "between these markers: install rewrites this block, and it is removed when the last connector " +
      "that needs it is uninstalled (`agent-connector uninstall <connectorId>` for each). -->";
  }
  const connectorId = blockId.split("/")[0];
  return `<!-- Managed by agent-connector for "${connectorId}". Do not edit between these markers: ` +
    `run your connector package's upgrade/sync command to rewrite this block; run its uninstall command ` +
    `to remove it (framework fallback: \`agent-connector uninstall ${connectorId}\`). -->`;
}

/** Renders a whole block as lines (no terminators) and its hash. */
export function renderBlock(blockId: string, content: string): { lines: string[]; hash: string } {
  const inner = [
    blockNotice(blockId),
    ...content.replace(/\r\n/g, "\n").replace(/^\n+|\s+$/g, "").split("\n"),
  ];
  const hash = blockHash(inner.join("\n"));
  return {
    lines: [
      `<!-- agent-connector:begin ${blockId} hash=${hash} -->`,
      ...inner,
      `<!-- agent-connector:end ${blockId} -->`,
    ],
    hash,
  };
}

/** What an upsert did. */
export interface UpsertBlockResult {
  /** The new text (the input when nothing changed). */
  text: string;
  /** `create`, `update`, `skip`, or `warn` (edited by hand, left alone). */
  action: "create" | "update" | "skip" | "warn";
  /** The hash of the block now in the file. */
  hash: string;
  /** True when the block had been edited by hand (overwritten only under force). */
  userEdited: boolean;
  /** Duplicate pairs collapsed into the one kept. */
  collapsed: number;
  /** Stray marker lines stripped. */
  strays: number;
}

/** What a removal did. */
export interface RemoveBlocksResult {
  /** The new text. */
  text: string;
  /** Every block removed, and whether it had been edited by hand. */
  removed: { id: string; userEdited: boolean }[];
  /** Stray marker lines stripped. */
  strays: number;
}

function innerOf(lines: MdLine[], p: BlockPair): string {
  return lines.slice(p.begin + 1, p.end).map((l) => l.content + l.eol).join("");
}

const blank = (l: MdLine | undefined) => l !== undefined && l.content.trim() === "";

/** Removes lines `[a, b)` plus the blank line before them; a file without a final newline stays so. */
function cut(lines: MdLine[], a: number, b: number, withBlank: boolean): MdLine[] {
  const start = withBlank && a > 0 && blank(lines[a - 1]) ? a - 1 : a;
  const out = [...lines.slice(0, start), ...lines.slice(b)];
  if (b === lines.length && lines[b - 1].eol === "" && start > 0) {
    out[start - 1] = { ...out[start - 1], eol: "" };
  }
  return out;
}

function join(bom: boolean, lines: MdLine[]): string {
  return joinBom({ bom }, lines.map((l) => l.content + l.eol).join(""));
}

/** Deletes the given line ranges (descending), each with at most one blank line before it. */
function cutAll(lines: MdLine[], ranges: { a: number; b: number; blank: boolean }[]): MdLine[] {
  let out = lines;
  for (const r of [...ranges].sort((x, y) => y.a - x.a)) out = cut(out, r.a, r.b, r.blank);
  return out;
}

/**
 * Inserts or refreshes block `blockId` with `content`.
 *
 * @param text The file's text ("" for a missing file).
 * @param blockId `<connectorId>/<name>`.
 * @param content The block's Markdown.
 * @param force Overwrite a block edited by hand.
 */
export function upsertManagedBlock(
  text: string,
  blockId: string,
  content: string,
  force = false,
): UpsertBlockResult {
  const { bom, body } = splitBom(text);
  const eol = detectEol(body);
  const want = renderBlock(blockId, content);
  const scan = scanBlocks(mdLines(body));
  const mine = scan.pairs.filter((p) => p.id === blockId);
  const strays = scan.strays.filter((s) => s.id === blockId);
  const block: MdLine[] = want.lines.map((content) => ({ content, eol }));
  const base = { collapsed: Math.max(0, mine.length - 1), strays: strays.length };
  if (mine.length === 0) {
    const lines = cutAll(
      scan.lines,
      strays.map((s) => ({ a: s.line, b: s.line + 1, blank: false })),
    );
    let last = lines.length;
    while (last > 0 && blank(lines[last - 1])) last--;
    const before = lines.slice(0, last);
    if (before.length && before[before.length - 1].eol === "") {
      before[before.length - 1] = { ...before[before.length - 1], eol };
    }
    const tailEol = last === lines.length && last > 0 && lines[last - 1].eol === "" ? "" : eol;
    block[block.length - 1] = { ...block[block.length - 1], eol: tailEol };
    const out = [
      ...before,
      ...(before.length ? [{ content: "", eol }] : []),
      ...block,
      ...lines.slice(last),
    ];
    return { text: join(bom, out), action: "create", hash: want.hash, userEdited: false, ...base };
  }
  const first = mine[0];
  const actual = blockHash(innerOf(scan.lines, first));
  const userEdited = actual !== first.hash;
  if (userEdited && !force) {
    return { text, action: "warn", hash: first.hash, userEdited, collapsed: 0, strays: 0 };
  }
  if (!userEdited && first.hash === want.hash && mine.length === 1 && strays.length === 0) {
    return { text, action: "skip", hash: want.hash, userEdited, ...base };
  }
  block[block.length - 1] = { ...block[block.length - 1], eol: scan.lines[first.end].eol };
  const removals = [
    ...mine.slice(1).map((p) => ({ a: p.begin, b: p.end + 1, blank: true })),
    ...strays.map((s) => ({ a: s.line, b: s.line + 1, blank: false })),
  ];
  let lines = cutAll(scan.lines, removals.filter((r) => r.a > first.end));
  lines = [...lines.slice(0, first.begin), ...block, ...lines.slice(first.end + 1)];
  lines = cutAll(lines, removals.filter((r) => r.a < first.begin));
  const changed = join(bom, lines);
  return {
    text: changed,
    action: changed === text ? "skip" : "update",
    hash: want.hash,
    userEdited,
    ...base,
  };
}

/**
 * Removes every block whose id starts with `prefix` (e.g. `acme/`), each
 * with at most one adjacent blank line, and strips stray markers under it.
 */
export function removeManagedBlocks(text: string, prefix: string): RemoveBlocksResult {
  const { bom, body } = splitBom(text);
  const scan = scanBlocks(mdLines(body));
  const mine = scan.pairs.filter((p) => p.id.startsWith(prefix));
  const strays = scan.strays.filter((s) => s.id.startsWith(prefix));
  if (mine.length === 0 && strays.length === 0) return { text, removed: [], strays: 0 };
  const lines = cutAll(scan.lines, [
    ...mine.map((p) => ({ a: p.begin, b: p.end + 1, blank: true })),
    ...strays.map((s) => ({ a: s.line, b: s.line + 1, blank: false })),
  ]);
  return {
    text: join(bom, lines),
    removed: mine.map((p) => ({
      id: p.id,
      userEdited: blockHash(innerOf(scan.lines, p)) !== p.hash,
    })),
    strays: strays.length,
  };
}

/** One block found in a file, for doctor and status. */
export interface FoundBlock {
  /** Block id. */
  id: string;
  /** The hash on its begin marker. */
  markerHash: string;
  /** The hash of its inner region now. */
  actualHash: string;
}

/** Lists every managed block of a file (any connector), fences excluded. */
export function listManagedBlocks(text: string): FoundBlock[] {
  const scan = scanBlocks(mdLines(splitBom(text).body));
  return scan.pairs.map((p) => ({
    id: p.id,
    markerHash: p.hash,
    actualHash: blockHash(innerOf(scan.lines, p)),
  }));
}
