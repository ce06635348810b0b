/**
 * Managed blocks through the engine: upsert or remove the text, keep the
 * connector's memory ledger (`memory-state.json`) in step, and say in the
 * record what happened to strays, duplicates and hand edits.
 *
 * @module
 */

import { removeManagedBlocks, upsertManagedBlock } from "../core/managed_block.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import type { MemoryRow } from "../io/ledgers.ts";
import type { BlockRemoveEdit, BlockSetEdit } from "./edits.ts";
import { type FileSession, record, type RunContext } from "./_session.ts";
import { keptRecord } from "./_claims.ts";

function putRow(ctx: RunContext, row: MemoryRow): void {
  const rows = ctx.ledgers.memory.rows;
  const i = rows.findIndex((r) =>
    r.platform === row.platform && r.path === row.path && r.blockId === row.blockId
  );
  if (i >= 0 && JSON.stringify(rows[i]) === JSON.stringify(row)) return;
  if (i >= 0) rows[i] = row;
  else rows.push(row);
  ctx.ledgers.dirty.add("memory");
}

function notes(r: { collapsed: number; strays: number }): string {
  const parts = [];
  if (r.collapsed) {
    parts.push(`${r.collapsed} duplicate block${r.collapsed > 1 ? "s" : ""} collapsed`);
  }
  if (r.strays) parts.push(`${r.strays} stray marker line${r.strays > 1 ? "s" : ""} removed`);
  return parts.length ? ` (${parts.join(", ")}; backup kept)` : "";
}

/** Inserts or refreshes a managed block. */
export function setBlock(s: FileSession, ctx: RunContext, e: BlockSetEdit): ChangeRecord {
  const label = e.label ?? `memory ${e.blockId}`;
  const r = upsertManagedBlock(s.text ?? e.head ?? "", e.blockId, e.content, ctx.force);
  const createdFile = s.original === undefined ||
    ctx.ledgers.created.files[s.path]?.createdFile === true;
  if (r.action === "warn") {
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: edited by hand inside the markers; left unchanged. Run install --force to overwrite it (a backup is kept).`,
    );
  }
  s.text = r.text;
  putRow(ctx, {
    platform: e.platform,
    scope: e.scope,
    path: s.path,
    blockId: e.blockId,
    createdFile,
    hash: r.hash,
  });
  const what = r.action === "create"
    ? "added"
    : r.action === "skip"
    ? "unchanged"
    : r.userEdited
    ? "hand edits overwritten (--force)"
    : "updated";
  return record(e.platform, r.action, s.path, `${label}: ${what}${notes(r)}`);
}

/**
 * True when `text` holds nothing but `head` (and white space): a dedicated
 * file whose blocks are all gone.
 */
export function onlyHead(text: string, head: string): boolean {
  const lf = text.replace(/\r\n/g, "\n").replace(/^\uFEFF/, "");
  const h = head.replace(/\r\n/g, "\n");
  return lf.startsWith(h) && lf.slice(h.length).trim() === "";
}

/**
 * Removes every block under a prefix and forgets their ledger rows. Blocks
 * in a file several hosts read (AGENTS.md for Codex, Cursor, Copilot…) are
 * claimed per (platform, scope) through those rows: this host's rows are
 * released, and the text goes only with the last claim.
 */
export function removeBlocks(s: FileSession, ctx: RunContext, e: BlockRemoveEdit): ChangeRecord {
  const label = e.label ?? `memory ${e.prefix}*`;
  const rows = ctx.ledgers.memory.rows;
  const here = (r: MemoryRow) => r.path === s.path && r.blockId.startsWith(e.prefix);
  const mine = (r: MemoryRow) => here(r) && r.platform === e.platform && r.scope === e.scope;
  ctx.ledgers.memory.rows = rows.filter((r) => !mine(r));
  if (ctx.ledgers.memory.rows.length !== rows.length) ctx.ledgers.dirty.add("memory");
  if (s.text === undefined) return record(e.platform, "skip", s.path, `${label}: not present`);
  // Hosts that read the same file share one copy of a block (opencode and
  // Claude Code in ~/.claude/CLAUDE.md; Codex, Cursor and Copilot in
  // AGENTS.md): it goes with the last of them. Decided here, not when
  // planning, so an uninstall of all of them in one run removes it.
  const others = ctx.ledgers.memory.rows.filter(here);
  if (others.length) {
    return keptRecord(e.platform, s.path, label, others);
  }
  const r = removeManagedBlocks(s.text, e.prefix);
  if (r.removed.length === 0 && r.strays === 0) {
    return record(e.platform, "skip", s.path, `${label}: not present`);
  }
  s.text = r.text;
  s.removedSomething = true;
  const edited = r.removed.filter((b) => b.userEdited).map((b) => b.id);
  const ids = r.removed.map((b) => b.id).join(", ") || "stray markers";
  const note = edited.length
    ? ` (${edited.join(", ")} edited by hand; backup kept)`
    : notes({ collapsed: 0, strays: r.strays });
  return record(e.platform, "remove", s.path, `${label}: removed ${ids}${note}`);
}
