/**
 * Whole files we write and own (command, skill and subagent files, hook
 * scripts, generated plugins). A file we did not write is never overwritten
 * or deleted; one we wrote and the user then edited is left alone unless
 * `force` (install) and is removed after a backup (uninstall).
 *
 * @module
 */

import { sha256Hex } from "../core/hash.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import type { FileRemoveEdit, FileSetEdit } from "./edits.ts";
import {
  dropOwned,
  type FileSession,
  findOwned,
  putOwned,
  record,
  type RunContext,
} from "./_session.ts";

function modeText(mode: number): string {
  return mode.toString(8).padStart(3, "0");
}

/** Writes an owned file. */
export function setFile(s: FileSession, ctx: RunContext, e: FileSetEdit): ChangeRecord {
  const label = e.label ?? "file";
  const owned = findOwned(ctx, s.path, "");
  const own = () =>
    putOwned(ctx, {
      platform: e.platform,
      file: s.path,
      kind: "file",
      at: "",
      hash: sha256Hex(e.content),
    });
  if (e.mode !== undefined) s.mode = e.mode;
  if (s.text === undefined) {
    s.text = e.content;
    own();
    return record(e.platform, "create", s.path, `${label}: written`);
  }
  if (s.text === e.content) {
    own();
    if (e.mode !== undefined && s.currentMode !== undefined && (s.currentMode & 0o777) !== e.mode) {
      return record(
        e.platform,
        "update",
        s.path,
        `${label}: permissions set to ${modeText(e.mode)}`,
      );
    }
    return record(e.platform, "skip", s.path, `${label}: unchanged`);
  }
  if (!owned) {
    s.mode = undefined;
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: a file of this name exists and was not written by agent-connector; left unchanged. ` +
        `Move it aside, then run install again.`,
    );
  }
  if (sha256Hex(s.text) !== owned.hash && !ctx.force) {
    s.mode = undefined;
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: edited by hand since install; left unchanged. Run install --force to overwrite it (a backup is kept).`,
    );
  }
  const forced = sha256Hex(s.text) !== owned.hash;
  s.text = e.content;
  own();
  return record(
    e.platform,
    "update",
    s.path,
    `${label}: ${forced ? "hand edits overwritten (--force)" : "updated"}`,
  );
}

/** Deletes an owned file. */
export function removeFile(s: FileSession, ctx: RunContext, e: FileRemoveEdit): ChangeRecord {
  const label = e.label ?? "file";
  const owned = findOwned(ctx, s.path, "");
  if (s.text === undefined) {
    dropOwned(ctx, s.path, "");
    return record(e.platform, "skip", s.path, `${label}: not present`);
  }
  if (!owned) {
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: not written by agent-connector (no ownership record); left in place.`,
    );
  }
  const edited = sha256Hex(s.text) !== owned.hash;
  s.text = undefined;
  s.removedSomething = true;
  dropOwned(ctx, s.path, "");
  return record(
    e.platform,
    "remove",
    s.path,
    `${label}: removed${edited ? " (edited by hand since install; backup kept)" : ""}`,
  );
}
