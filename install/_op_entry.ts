/**
 * Entries we own inside a structured file (a server entry, a hook group, a
 * TOML table, a YAML list item): create, update, skip, remove, or warn when
 * the entry exists and is not ours. Ownership is this connector's ledger
 * record, an existing value equal to ours, or the edit's `adopt` test. An
 * entry two installs share (one host's user and project scope, when the
 * project is the home folder) is claimed by each and removed with the last.
 *
 * @module
 */

import type { ChangeRecord, PlatformId } from "../core/platform_types.ts";
import { canonicalJson, deepEqual, valueHash } from "../core/hash.ts";
import type { DocFormat, Locator } from "./_doc_format.ts";
import type { AdoptTest } from "./edits.ts";
import {
  addCreatedContainers,
  createdContainers,
  dropCreatedContainers,
  dropOwned,
  type FileSession,
  findOwned,
  putOwned,
  record,
  type RunContext,
} from "./_session.ts";
import { conflictDetail, disagreeing, keptRecord } from "./_claims.ts";

/** An entry edit in format-neutral terms. */
export interface EntryEdit {
  /** Host. */
  platform: PlatformId;
  /** Stable ledger locator. */
  at: string;
  /** Where the entry is. */
  loc: Locator;
  /** Text for humans. */
  label: string;
  /** Recognises an existing value as ours. */
  adopt?: AdoptTest;
}

/** Builds the ledger locator of an entry. */
export function locatorKey(
  family: string,
  loc: Locator,
  key: string | undefined,
): string {
  if (!loc.match) return `${family}:${JSON.stringify(loc.path)}`;
  if (key === undefined && typeof loc.match === "function") {
    throw new TypeError("an item edit with a predicate match needs a stable `key`");
  }
  return `${family}-item:${JSON.stringify(loc.path)}:${key ?? canonicalJson(loc.match)}`;
}

/** Sets an owned entry to `value`. */
export function setEntry(
  fmt: DocFormat,
  s: FileSession,
  ctx: RunContext,
  e: EntryEdit,
  value: unknown,
): ChangeRecord {
  const text = s.text ?? "";
  const current = fmt.get(text, e.loc);
  const owned = findOwned(ctx, s.path, e.at);
  const hash = valueHash(value);
  const own = () =>
    putOwned(ctx, { platform: e.platform, file: s.path, kind: "entry", at: e.at, hash });
  const claim = { platform: e.platform, scope: ctx.scope };
  const against = disagreeing(ctx, s.path, e.at, claim, hash);
  if (against.length) {
    return record(e.platform, "warn", s.path, conflictDetail(e.label, claim, against));
  }
  if (current.found && deepEqual(current.value, value)) {
    own();
    return record(e.platform, "skip", s.path, `${e.label}: unchanged`);
  }
  if (current.found && !owned && !e.adopt?.(current.value)) {
    return record(
      e.platform,
      "warn",
      s.path,
      `${e.label}: an entry with this name exists and was not written by agent-connector; left unchanged. ` +
        `Rename or remove it by hand, then run install again.`,
    );
  }
  const r = fmt.set(text, e.loc, value);
  s.text = r.text;
  addCreatedContainers(ctx, s.path, r.created);
  own();
  return record(
    e.platform,
    current.found ? "update" : "create",
    s.path,
    `${e.label}: ${current.found ? "updated" : "added"}`,
  );
}

/** Removes an owned entry. */
export function removeEntry(
  fmt: DocFormat,
  s: FileSession,
  ctx: RunContext,
  e: EntryEdit,
): ChangeRecord {
  const text = s.text;
  const current = text === undefined ? { found: false } : fmt.get(text, e.loc);
  const owned = findOwned(ctx, s.path, e.at);
  if (!current.found) {
    dropOwned(ctx, s.path, e.at, e.platform);
    return record(e.platform, "skip", s.path, `${e.label}: not present`);
  }
  if (!owned && !e.adopt?.(current.value)) {
    return record(
      e.platform,
      "warn",
      s.path,
      `${e.label}: not written by agent-connector (no ownership record); left in place. Remove it by hand if it is yours to remove.`,
    );
  }
  const left = dropOwned(ctx, s.path, e.at, e.platform);
  if (left.length) {
    return keptRecord(e.platform, s.path, e.label, left);
  }
  const r = fmt.remove(text!, e.loc, createdContainers(ctx, s.path));
  s.text = r.text;
  s.removedSomething = true;
  dropCreatedContainers(ctx, s.path, r.pruned);
  return record(e.platform, "remove", s.path, `${e.label}: removed`);
}
