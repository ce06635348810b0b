/**
 * configPatch (and status-line) keys: reads the key's state, asks the pure
 * outcome table (core/config_patch.ts) what to do, applies it to the text
 * (JSON, or TOML through the same format interface) and the shared ledger.
 *
 * @module
 */

import type { JsonValue } from "../core/connector_types.ts";
import {
  type ConfigPatchDecision,
  type ConfigPatchRow,
  decideConfigPatchInstall,
  decideConfigPatchUninstall,
  type PatchKeyState,
} from "../core/config_patch.ts";
import { JsonPathConflictError } from "../core/edit_json.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import type { JsonPatchEdit, JsonPatchReleaseEdit } from "./edits.ts";
import type { DocFormat } from "./_doc_format_types.ts";
import {
  addCreatedContainers,
  createdContainers,
  dropCreatedContainers,
  type FileSession,
  type RunContext,
} from "./_session.ts";

function keyState(
  fmt: DocFormat,
  text: string | undefined,
  path: readonly string[],
): PatchKeyState {
  if (text === undefined) return { kind: "absent" };
  try {
    const hit = fmt.get(text, { path });
    if (hit.found) return { kind: "present", value: hit.value };
    // Absent, but every parent on the way must be an object for a write to work.
    for (let i = 1; i < path.length; i++) {
      const p = fmt.get(text, { path: path.slice(0, i) });
      if (p.found && (p.value === null || typeof p.value !== "object" || Array.isArray(p.value))) {
        return { kind: "blocked", at: path.slice(0, i).join(".") };
      }
    }
    return { kind: "absent" };
  } catch (err) {
    if (err instanceof JsonPathConflictError) {
      return { kind: "blocked", at: err.at.join(".") || "(root)" };
    }
    throw err;
  }
}

function rowIndex(ctx: RunContext, platform: string, file: string, key: string): number {
  return ctx.ledgers.patches.rows.findIndex((r) =>
    r.platform === platform && r.file === file && r.key === key
  );
}

function commitRow(ctx: RunContext, d: ConfigPatchDecision, at: number): void {
  if (d.row === undefined) return;
  const rows = ctx.ledgers.patches.rows;
  if (d.row === null) {
    if (at >= 0) rows.splice(at, 1);
  } else if (at >= 0) rows[at] = d.row;
  else rows.push(d.row);
  ctx.ledgers.dirty.add("patches");
}

/** Applies a set-if-absent key to a file in format `fmt` (JSON, or TOML for a table). */
export function applyPatch(
  fmt: DocFormat,
  s: FileSession,
  ctx: RunContext,
  e: JsonPatchEdit,
): ChangeRecord {
  const key = e.path.join(".");
  const at = rowIndex(ctx, e.platform, s.path, key);
  const row: ConfigPatchRow | undefined = ctx.ledgers.patches.rows[at];
  const d = decideConfigPatchInstall({
    platform: e.platform,
    file: s.path,
    key,
    value: e.value as JsonValue,
    reason: e.reason,
    docsUrl: e.docsUrl,
    state: keyState(fmt, s.text, e.path),
    row,
    owner: {
      connectorId: ctx.connectorId,
      connectorVersion: ctx.connectorVersion,
      installedAt: ctx.now,
      ...(ctx.scope ? { scope: ctx.scope } : {}),
    },
    refusal: e.guard?.(key, e.value),
  });
  if (d.write) {
    const r = fmt.set(s.text ?? "", { path: e.path }, e.value);
    s.text = r.text;
    addCreatedContainers(ctx, s.path, r.created);
  }
  commitRow(ctx, d, at);
  return d.record;
}

/** Releases this connector's reference on a key; removes it when it is the last owner. */
export function releasePatch(
  fmt: DocFormat,
  s: FileSession,
  ctx: RunContext,
  e: JsonPatchReleaseEdit,
): ChangeRecord {
  const key = e.path.join(".");
  const at = rowIndex(ctx, e.platform, s.path, key);
  const d = decideConfigPatchUninstall({
    platform: e.platform,
    file: s.path,
    key,
    state: keyState(fmt, s.text, e.path),
    row: ctx.ledgers.patches.rows[at],
    owner: {
      connectorId: ctx.connectorId,
      connectorVersion: ctx.connectorVersion,
      installedAt: ctx.now,
      ...(ctx.scope ? { scope: ctx.scope } : {}),
    },
  });
  if (d.remove && s.text !== undefined) {
    const r = fmt.remove(s.text, { path: e.path }, createdContainers(ctx, s.path));
    s.text = r.text;
    s.removedSomething = true;
    dropCreatedContainers(ctx, s.path, r.pruned);
  }
  commitRow(ctx, d, at);
  return d.record;
}
