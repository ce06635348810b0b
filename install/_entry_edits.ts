/**
 * Builds the engine edit for "our entry at this place" in whatever format the
 * host's file is: a key path in JSON/JSONC/YAML, a table in TOML, or an item
 * of an array keyed by a field. Surface planners stay format-agnostic.
 *
 * @module
 */

import type { AdoptTest } from "./edits.ts";
import type { PlannedEdit as Edit } from "./_plan_types.ts";
import type { DataFormat, KeyPath } from "../adapters/descriptor.ts";
import type { PlatformId } from "../core/platform_types.ts";

/** Where an entry lives. */
export interface EntryPlace {
  /** The host. */
  platform: PlatformId;
  /** The file. */
  file: string;
  /** Its format. */
  format: DataFormat;
  /** The container (map, or array when `keyField` is set). */
  at: KeyPath;
  /** The entry's key (map key, or value of `keyField`). */
  key: string;
  /** Array entries are matched by this field. */
  keyField?: string;
  /** For humans. */
  label: string;
  /** Recognizes a pre-existing entry as ours. */
  adopt?: AdoptTest;
}

/** Sets our entry to `value` (a string only in a map: Mux's command lines). */
export function entrySet(p: EntryPlace, value: Record<string, unknown> | string): Edit {
  const base = { platform: p.platform, file: p.file, label: p.label, adopt: p.adopt };
  if (p.keyField) {
    if (typeof value === "string") {
      throw new Error(`${p.label}: an array item cannot be a bare string`);
    }
    const match = { [p.keyField]: p.key };
    const item = { [p.keyField]: p.key, ...value };
    if (p.format === "toml") {
      return { ...base, op: "toml.item.set", array: p.at, match, value: item };
    }
    if (p.format === "yaml") {
      return { ...base, op: "yaml.item.set", path: p.at, match, value: item };
    }
    return { ...base, op: "json.item.set", path: p.at, match, value: item };
  }
  const path = [...p.at, p.key];
  if (p.format === "toml") {
    if (typeof value === "string") throw new Error(`${p.label}: a TOML table cannot be a string`);
    return { ...base, op: "toml.table.set", table: path, value };
  }
  if (p.format === "yaml") return { ...base, op: "yaml.set", path, value };
  return { ...base, op: "json.set", path, value };
}

/** Removes our entry (the engine removes only what is ours). */
export function entryRemove(p: EntryPlace): Edit {
  const base = { platform: p.platform, file: p.file, label: p.label, adopt: p.adopt };
  if (p.keyField) {
    const match = { [p.keyField]: p.key };
    if (p.format === "toml") return { ...base, op: "toml.item.remove", array: p.at, match };
    if (p.format === "yaml") return { ...base, op: "yaml.item.remove", path: p.at, match };
    return { ...base, op: "json.item.remove", path: p.at, match };
  }
  const path = [...p.at, p.key];
  if (p.format === "toml") return { ...base, op: "toml.table.remove", table: path };
  if (p.format === "yaml") return { ...base, op: "yaml.remove", path };
  return { ...base, op: "json.remove", path };
}

/** An item of an array we own, found by a predicate with a stable ledger key. */
export interface ItemPlace {
  /** The host. */
  platform: PlatformId;
  /** The file. */
  file: string;
  /** Its format. */
  format: DataFormat;
  /** The array. */
  at: KeyPath;
  /** Which items are ours. */
  match: (item: unknown) => boolean;
  /** Stable ledger key. */
  key: string;
  /** For humans. */
  label: string;
}

/** Upserts our item in an array. */
export function itemSet(p: ItemPlace, value: Record<string, unknown>): Edit {
  const base = {
    platform: p.platform,
    file: p.file,
    label: p.label,
    match: p.match,
    key: p.key,
    adopt: p.match,
  };
  if (p.format === "toml") return { ...base, op: "toml.item.set", array: p.at, value };
  if (p.format === "yaml") return { ...base, op: "yaml.item.set", path: p.at, value };
  return { ...base, op: "json.item.set", path: p.at, value };
}

/** Removes our items from an array. */
export function itemRemove(p: ItemPlace): Edit {
  const base = {
    platform: p.platform,
    file: p.file,
    label: p.label,
    match: p.match,
    key: p.key,
    adopt: p.match,
  };
  if (p.format === "toml") return { ...base, op: "toml.item.remove", array: p.at };
  if (p.format === "yaml") return { ...base, op: "yaml.item.remove", path: p.at };
  return { ...base, op: "json.item.remove", path: p.at };
}
