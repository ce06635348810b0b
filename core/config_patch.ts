/**
 * The configPatch outcome table of spec §2.8 as two pure functions: given
 * the key's state in the file and its row of the shared ownership ledger,
 * decide what install ({@link decideConfigPatchInstall}) or uninstall
 * ({@link decideConfigPatchUninstall}) does, the ChangeRecord it prints and
 * the ledger row afterwards. Semantics are fixed: set-if-absent on one leaf
 * key, warn on any conflict, never overwrite, never delete a key we did not
 * create. The status line (§2.5) reuses the same table and ledger.
 *
 * @module
 */

import type { JsonValue } from "./connector_types.ts";
import type { ChangeRecord, InstallScope, PlatformId } from "./platform_types.ts";
import { deepEqual, valueHash } from "./hash.ts";

/** A connector holding a reference on a patched key. */
export interface ConfigPatchOwner {
  /** Connector id. */
  connectorId: string;
  /** Its version when it took the reference. */
  connectorVersion: string;
  /** When (ISO 8601). */
  installedAt: string;
  /**
   * The install scope holding the reference: one host's user and project
   * scope share a settings file when the project is the home folder, and
   * each holds its own reference. Absent on older rows (then: any scope).
   */
  scope?: InstallScope;
}

/** True when two owners are the same reference (same connector, same scope or an unscoped one). */
function sameOwner(a: ConfigPatchOwner, b: ConfigPatchOwner): boolean {
  return a.connectorId === b.connectorId &&
    (a.scope === undefined || b.scope === undefined || a.scope === b.scope);
}

/** One row of `<dataRoot>/state/config-patches.json`: a key agent-connector created. */
export interface ConfigPatchRow {
  /** Host id. */
  platform: string;
  /** Absolute path of the settings file. */
  file: string;
  /** Dotted leaf key. */
  key: string;
  /** The value written. */
  writtenValue: JsonValue;
  /** sha256 of the canonical JSON of `writtenValue` (deep-equal is the authority). */
  writtenValueHash: string;
  /** Always absent: ownership only attaches to keys we created. */
  prior: { present: false };
  /** Connectors relying on the key; the last one out removes it. */
  owners: ConfigPatchOwner[];
}

/** The key's state in the file. */
export type PatchKeyState =
  | { kind: "absent" }
  | { kind: "present"; value: unknown }
  | { kind: "blocked"; at: string };

/** What one decision needs. */
export interface ConfigPatchInput {
  /** Host id. */
  platform: PlatformId;
  /** Absolute path of the settings file. */
  file: string;
  /** Dotted leaf key. */
  key: string;
  /** The declared value. */
  value: JsonValue;
  /** The declared reason. */
  reason: string;
  /** Optional documentation link for manual-edit hints. */
  docsUrl?: string;
  /** The key in the file now. */
  state: PatchKeyState;
  /** Its ledger row, if any. */
  row: ConfigPatchRow | undefined;
  /** The connector acting. */
  owner: ConfigPatchOwner;
  /** Why the key must be refused (denylist, reserved namespace), if so. */
  refusal?: string;
}

/** What to do. */
export interface ConfigPatchDecision {
  /** Which row of the table applied. */
  outcome:
    | "create"
    | "co-own"
    | "unchanged"
    | "conflict-own-value"
    | "other-owner"
    | "drifted"
    | "not-owned"
    | "blocked"
    | "refused"
    | "not-recorded"
    | "retained"
    | "absent"
    | "remove";
  /** Write `value` at the key (install) — only on `create`. */
  write: boolean;
  /** Delete the key (uninstall) — only on `remove`. */
  remove: boolean;
  /** The ledger row afterwards: a row, `null` to delete it, `undefined` to keep it as is. */
  row: ConfigPatchRow | null | undefined;
  /** The line for the diff. */
  record: ChangeRecord;
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}

function manualEdit(i: ConfigPatchInput): string {
  const docs = i.docsUrl ? ` See ${i.docsUrl}` : "";
  return `To apply it by hand, set "${i.key}" to ${show(i.value)} in ${i.file}.${docs}`;
}

function rec(i: ConfigPatchInput, action: ChangeRecord["action"], text: string): ChangeRecord {
  return {
    platform: i.platform,
    action,
    path: i.file,
    detail: `configPatch ${i.key}: ${text} (${i.reason})`,
  };
}

function decision(
  outcome: ConfigPatchDecision["outcome"],
  record: ChangeRecord,
  row: ConfigPatchRow | null | undefined,
  flags: { write?: boolean; remove?: boolean } = {},
): ConfigPatchDecision {
  return { outcome, record, row, write: flags.write ?? false, remove: flags.remove ?? false };
}

function ids(owners: ConfigPatchOwner[]): string {
  return owners.map((o) => o.scope ? `${o.connectorId} (${o.scope})` : o.connectorId).join(", ");
}

/**
 * Decides the install outcome of one configPatch (spec §2.8 table).
 *
 * @example
 * ```ts
 * import { decideConfigPatchInstall } from "./config_patch.ts";
 * const d = decideConfigPatchInstall({
 *   platform: "claude-code", file: "/h/.claude/settings.json", key: "env.X", value: "1",
 *   reason: "why", state: { kind: "absent" }, row: undefined,
 *   owner: { connectorId: "acme", connectorVersion: "1.0.0", installedAt: "2026-01-01T00:00:00Z" },
 * });
 * d.outcome; // "create"
 * ```
 */
export function decideConfigPatchInstall(i: ConfigPatchInput): ConfigPatchDecision {
  if (i.refusal) {
    return decision("refused", rec(i, "warn", `refused, ${i.refusal}; not written`), undefined);
  }
  if (i.state.kind === "blocked") {
    return decision(
      "blocked",
      rec(
        i,
        "warn",
        `"${i.state.at}" exists but is not an object; left unchanged. ${manualEdit(i)}`,
      ),
      undefined,
    );
  }
  const hash = valueHash(i.value);
  if (i.state.kind === "absent") {
    const keep = i.row && i.row.writtenValueHash === hash
      ? i.row.owners.filter((o) => !sameOwner(o, i.owner))
      : [];
    const row: ConfigPatchRow = {
      platform: i.platform,
      file: i.file,
      key: i.key,
      writtenValue: i.value,
      writtenValueHash: hash,
      prior: { present: false },
      owners: [...keep, i.owner],
    };
    return decision("create", rec(i, "create", `<absent> → ${show(i.value)}`), row, {
      write: true,
    });
  }
  const current = i.state.value;
  if (!i.row) {
    return decision(
      "not-owned",
      rec(
        i,
        "warn",
        `already set to ${show(current)} by someone else (wanted ${
          show(i.value)
        }); never adopted, left unchanged. ${manualEdit(i)}`,
      ),
      undefined,
    );
  }
  if (!deepEqual(current, i.row.writtenValue)) {
    return decision(
      "drifted",
      rec(
        i,
        "warn",
        `value changed since install (now ${show(current)}); left in place, never reverted`,
      ),
      undefined,
    );
  }
  const mine = i.row.owners.some((o) => sameOwner(o, i.owner));
  if (deepEqual(i.row.writtenValue, i.value)) {
    if (mine) return decision("unchanged", rec(i, "skip", "already set"), undefined);
    const row = { ...i.row, owners: [...i.row.owners, i.owner] };
    return decision(
      "co-own",
      rec(i, "skip", `already set; ${i.owner.connectorId} registered as co-owner`),
      row,
    );
  }
  const others = i.row.owners.filter((o) => !sameOwner(o, i.owner));
  if (others.length > 0) {
    return decision(
      "other-owner",
      rec(
        i,
        "warn",
        `owned by ${ids(others)} with value ${show(current)} (wanted ${
          show(i.value)
        }); first writer wins, left unchanged`,
      ),
      undefined,
    );
  }
  return decision(
    "conflict-own-value",
    rec(
      i,
      "warn",
      `set to ${show(current)} by an earlier install (wanted ${
        show(i.value)
      }); set-if-absent never overwrites — ` +
        `uninstall, then install again to change it`,
    ),
    undefined,
  );
}

/** Decides the uninstall outcome of one key this connector may own (spec §2.8 uninstall). */
export function decideConfigPatchUninstall(
  i: Omit<ConfigPatchInput, "value" | "reason" | "refusal"> & { reason?: string },
): ConfigPatchDecision {
  const base: ConfigPatchInput = {
    ...i,
    value: i.row?.writtenValue ?? null,
    reason: i.reason ?? "uninstall",
  };
  const mine = i.row?.owners.some((o) => sameOwner(o, i.owner)) ?? false;
  if (!i.row || !mine) {
    return decision(
      "not-recorded",
      rec(
        base,
        "skip",
        `no ownership record for ${i.owner.connectorId}; a key agent-connector did not create is never deleted`,
      ),
      undefined,
    );
  }
  const others = i.row.owners.filter((o) => !sameOwner(o, i.owner));
  if (others.length > 0) {
    return decision("retained", rec(base, "skip", `key retained, still owned by ${ids(others)}`), {
      ...i.row,
      owners: others,
    });
  }
  if (i.state.kind === "absent") {
    return decision("absent", rec(base, "skip", "already absent"), null);
  }
  if (i.state.kind === "present" && deepEqual(i.state.value, i.row.writtenValue)) {
    return decision("remove", rec(base, "remove", `removed ${show(i.row.writtenValue)}`), null, {
      remove: true,
    });
  }
  const now = i.state.kind === "present"
    ? `now ${show(i.state.value)}`
    : `"${i.state.at}" is no longer an object`;
  return decision(
    "drifted",
    rec(base, "warn", `value changed since install (${now}); left in place`),
    null,
  );
}
