/**
 * Whole files we write and own (command, skill and subagent files, hook
 * scripts, generated plugins). A file we did not write is never overwritten
 * or deleted; one we wrote and the user then edited is left alone unless
 * `force` by install and upgrade — also once the connector no longer
 * declares it — and is removed after a backup by uninstall (as spec §2.4
 * treats a hand-edited memory block).
 *
 * A file several hosts read is claimed by each (platform, scope) that
 * wants it (`_claims.ts`): written once, its bytes agreed by every
 * claimant, deleted with its last claim — the last of every connector: a
 * claim in another connector's ledger (adopted or not) keeps it. A
 * pre-existing file that already holds exactly our bytes is claimed but
 * stays when the last claim goes, unless agent-connector wrote it (the
 * created ledger says so; another connector created it).
 *
 * @module
 */

import { sha256Hex } from "../core/hash.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import type { OwnedRecord } from "../io/ledgers.ts";
import type { FileRemoveEdit, FileSetEdit } from "./edits.ts";
import { type FileSession, record, type RunContext } from "./_session.ts";
import {
  type Claim,
  conflictDetail,
  disagreeing,
  dropClaim,
  fileClaims,
  isClaim,
  keptRecord,
  putClaim,
} from "./_claims.ts";

function modeText(mode: number): string {
  return mode.toString(8).padStart(3, "0");
}

function claimRecord(path: string, c: Claim, hash: string, adopted: boolean): OwnedRecord {
  return {
    platform: c.platform,
    file: path,
    kind: "file",
    at: "",
    hash,
    ...(c.scope ? { scope: c.scope } : {}),
    ...(adopted ? { adopted: true as const } : {}),
  };
}

/** Writes an owned file, or adds this host's claim to the same bytes already written. */
export function setFile(s: FileSession, ctx: RunContext, e: FileSetEdit): ChangeRecord {
  const label = e.label ?? "file";
  const claim: Claim = { platform: e.platform, scope: ctx.scope };
  const hash = sha256Hex(e.content);
  const claims = fileClaims(ctx, s.path);
  const adoptedBefore = claims.some((r) => r.adopted);
  const own = (adopted: boolean) => putClaim(ctx, claimRecord(s.path, claim, hash, adopted));
  const against = disagreeing(ctx, s.path, "", claim, hash);
  if (against.length) {
    return record(e.platform, "warn", s.path, conflictDetail(label, claim, against));
  }
  if (e.mode !== undefined) s.mode = e.mode;
  if (s.text === undefined) {
    s.text = e.content;
    // We write the file now: whoever claimed it before no longer holds a pre-existing one.
    for (const r of claims) if (r.adopted) putClaim(ctx, claimRecord(s.path, r, r.hash, false));
    own(false);
    return record(e.platform, "create", s.path, `${label}: written`);
  }
  if (s.text === e.content) {
    own(claims.length ? adoptedBefore : true);
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
  if (!claims.length) {
    s.mode = undefined;
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: a file of this name exists and was not written by this connector; left unchanged. ` +
        `Move it aside, then run install again.`,
    );
  }
  const edited = !claims.some((r) => r.hash === sha256Hex(s.text!));
  if (edited && !ctx.force) {
    s.mode = undefined;
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: edited by hand since install; left unchanged. Run install --force to overwrite it (a backup is kept).`,
    );
  }
  s.text = e.content;
  own(adoptedBefore);
  return record(
    e.platform,
    "update",
    s.path,
    `${label}: ${edited ? "hand edits overwritten (--force)" : "updated"}`,
  );
}

/** Releases this host's claim on an owned file, deleting it with the last claim. */
export function removeFile(s: FileSession, ctx: RunContext, e: FileRemoveEdit): ChangeRecord {
  const label = e.label ?? "file";
  const claim: Claim = { platform: e.platform, scope: ctx.scope };
  const claims = fileClaims(ctx, s.path);
  const mine = claims.filter((r) => isClaim(r, claim));
  if (s.text === undefined) {
    dropClaim(ctx, s.path, "", claim);
    return record(e.platform, "skip", s.path, `${label}: not present`);
  }
  if (!claims.length) {
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: not written by agent-connector (no ownership record); left in place.`,
    );
  }
  const left = dropClaim(ctx, s.path, "", claim);
  if (left.length) {
    return keptRecord(e.platform, s.path, label, left);
  }
  const edited = !mine.some((r) => r.hash === sha256Hex(s.text!));
  if (edited && e.stale && !ctx.force && mine.length) {
    for (const r of mine) putClaim(ctx, r); // still ours: uninstall or --force removes it
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: no longer part of this connector, but edited by hand since install; left ` +
        `in place. Delete it yourself, or run upgrade --force to remove it (a backup is kept).`,
    );
  }
  const foreign = ctx.foreignClaims?.(s.path) ?? [];
  const unreadable = foreign.find((c) => c.unreadable !== undefined);
  if (unreadable) {
    for (const r of mine) putClaim(ctx, r); // still ours: the next uninstall decides again
    return record(
      e.platform,
      "warn",
      s.path,
      `${label}: left in place: connector ${unreadable.connectorId} may still read it, but its ` +
        `ownership ledger ${unreadable.unreadable} is not valid JSON. Fix that file, then run uninstall again.`,
    );
  }
  if (foreign.length) {
    const others = foreign.map(({ connectorId, record: r }) => ({
      platform: r!.platform,
      ...(r!.scope ? { scope: r!.scope } : {}),
      connector: connectorId,
    }));
    return keptRecord(e.platform, s.path, label, others);
  }
  // Adopted: it was there before the first claim — the user's file, unless
  // agent-connector wrote it (for another connector, now gone): then it goes.
  if (claims.some((r) => r.adopted) && !ctx.ledgers.created.files[s.path]?.createdFile) {
    return record(
      e.platform,
      "skip",
      s.path,
      `${label}: left in place (it was there before install)`,
    );
  }
  s.text = undefined;
  s.removedSomething = true;
  return record(
    e.platform,
    "remove",
    s.path,
    `${label}: removed${edited ? " (edited by hand since install; backup kept)" : ""}`,
  );
}
