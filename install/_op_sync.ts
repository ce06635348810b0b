/**
 * Keeps exactly the given items of ours in an array (hook groups of one
 * event, `[[hooks]]` entries): items recognised by `owns` that are not
 * declared any more are removed, the declared ones are added, the user's
 * items are never touched. An empty `items` list is the uninstall; it
 * releases this install's claim and removes the items with the last claim.
 *
 * @module
 */

import { deepEqual, valueHash } from "../core/hash.ts";
import type { ChangeRecord, PlatformId } from "../core/platform_types.ts";
import type { DocFormat } from "./_doc_format.ts";
import {
  addCreatedContainers,
  createdContainers,
  dropCreatedContainers,
  dropOwned,
  type FileSession,
  putOwned,
  record,
  type RunContext,
} from "./_session.ts";
import { conflictDetail, disagreeing, keptRecord } from "./_claims.ts";

/** A sync in format-neutral terms. */
export interface SyncEdit {
  /** Host. */
  platform: PlatformId;
  /** Path of the array. */
  path: readonly string[];
  /** Recognises an item as ours. */
  owns: (item: unknown) => boolean;
  /** The items of ours that should be there, in order. */
  items: readonly unknown[];
  /** Ledger locator. */
  at: string;
  /** Text for humans. */
  label: string;
}

/** Makes our items in the array exactly `e.items`. */
export function syncItems(
  fmt: DocFormat,
  s: FileSession,
  ctx: RunContext,
  e: SyncEdit,
): ChangeRecord {
  const text = s.text ?? "";
  const arr = s.text === undefined ? { found: false } : fmt.get(text, { path: e.path });
  const list = arr.found && Array.isArray(arr.value) ? arr.value : [];
  const ours = list.filter(e.owns);
  const claim = { platform: e.platform, scope: ctx.scope };
  const hash = e.items.length ? valueHash(e.items) : "";
  const against = e.items.length ? disagreeing(ctx, s.path, e.at, claim, hash) : [];
  if (against.length) {
    return record(e.platform, "warn", s.path, conflictDetail(e.label, claim, against));
  }
  if (deepEqual(ours, e.items)) {
    if (!e.items.length) dropOwned(ctx, s.path, e.at, e.platform);
    if (e.items.length) {
      putOwned(ctx, { platform: e.platform, file: s.path, kind: "entry", at: e.at, hash });
    }
    return record(
      e.platform,
      "skip",
      s.path,
      `${e.label}: ${e.items.length ? "unchanged" : "not present"}`,
    );
  }
  if (e.items.length === 0 && ours.length) {
    const left = dropOwned(ctx, s.path, e.at, e.platform);
    if (left.length) {
      return keptRecord(e.platform, s.path, e.label, left);
    }
  }
  let out = text;
  if (ours.length) {
    const r = fmt.remove(
      out,
      { path: e.path, match: e.owns },
      e.items.length ? [] : createdContainers(ctx, s.path),
    );
    out = r.text;
    dropCreatedContainers(ctx, s.path, r.pruned);
    s.removedSomething = true;
  }
  for (const item of e.items) {
    const r = fmt.set(out, { path: e.path, match: () => false }, item);
    out = r.text;
    addCreatedContainers(ctx, s.path, r.created);
  }
  s.text = out;
  if (e.items.length === 0) {
    dropOwned(ctx, s.path, e.at, e.platform);
    return record(e.platform, "remove", s.path, `${e.label}: removed`);
  }
  putOwned(ctx, { platform: e.platform, file: s.path, kind: "entry", at: e.at, hash });
  return record(
    e.platform,
    ours.length ? "update" : "create",
    s.path,
    `${e.label}: ${ours.length ? "updated" : "added"}`,
  );
}
