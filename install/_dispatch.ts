/**
 * Routes each declared edit to its handler, turning per-edit failures (a
 * path through a non-object, an unrenderable value) into one `!` record.
 *
 * @module
 */

import type { ChangeRecord } from "../core/platform_types.ts";
import { sha256Hex, valueHash } from "../core/hash.ts";
import { JsonPathConflictError } from "../core/edit_json.ts";
import type { Edit } from "./edits.ts";
import { type DocFormat, type FormatFamily, loadFormat } from "./_doc_format.ts";
import { freshYamlFormat } from "./_yaml_fresh_format.ts";
import { freshTomlFormat } from "./_toml_fresh_format.ts";
import { type EntryEdit, locatorKey, removeEntry, setEntry } from "./_op_entry.ts";
import { applyPatch, releasePatch } from "./_op_patch.ts";
import { removeFile, setFile } from "./_op_file.ts";
import { removeBlocks, setBlock } from "./_op_block.ts";
import { syncItems } from "./_op_sync.ts";
import { type FileSession, record, type RunContext } from "./_session.ts";

/** The structured format an edit needs parsed, if any. */
export function formatFamily(e: Edit): FormatFamily | undefined {
  if (e.op.startsWith("json.")) return "json";
  if (e.op.startsWith("toml.")) return "toml";
  if (e.op.startsWith("yaml.")) return "yaml";
  return undefined;
}

function entry(e: Edit, path: readonly string[], family: string, key?: string): EntryEdit {
  const match = "match" in e ? e.match : undefined;
  const loc = { path, match };
  return {
    platform: e.platform,
    at: locatorKey(family, loc, key),
    loc,
    label: e.label ?? path.join("."),
    adopt: "adopt" in e ? e.adopt : undefined,
  };
}

function syncAt(e: { op: string; path: readonly string[] }): string {
  return `${e.op}:${JSON.stringify(e.path)}`;
}

/**
 * The ledger locator an edit would be claimed under and a function giving
 * the claim's hash, for edits that claim something (whole files, entries,
 * our items of an array); undefined for the rest. The pipeline compares
 * other hosts' plans by it; the hash (canonical JSON + sha256) is computed
 * only for the few claims another host shares.
 */
export function claimKey(e: Edit): { at: string; hash: () => string } | undefined {
  try {
    switch (e.op) {
      case "file.set":
        return { at: "", hash: () => sha256Hex(e.content) };
      case "json.set":
        return { at: entry(e, e.path, "json").at, hash: () => valueHash(e.value) };
      case "json.item.set":
        return { at: entry(e, e.path, "json", e.key).at, hash: () => valueHash(e.value) };
      case "toml.table.set":
        return { at: entry(e, e.table, "toml").at, hash: () => valueHash(e.value) };
      case "toml.item.set":
        return { at: entry(e, e.array, "toml", e.key).at, hash: () => valueHash(e.value) };
      case "yaml.set":
        return { at: entry(e, e.path, "yaml").at, hash: () => valueHash(e.value) };
      case "yaml.item.set":
        return { at: entry(e, e.path, "yaml", e.key).at, hash: () => valueHash(e.value) };
      case "json.items.sync":
      case "toml.items.sync":
      case "yaml.items.sync":
        return e.items.length ? { at: syncAt(e), hash: () => valueHash(e.items) } : undefined;
      default:
        return undefined;
    }
  } catch {
    return undefined; // an edit the engine will refuse on its own (a predicate match without key)
  }
}

async function run(e: Edit, s: FileSession, ctx: RunContext): Promise<ChangeRecord> {
  const family = formatFamily(e);
  const fmt: DocFormat | undefined = family === "yaml"
    ? freshYamlFormat(e, s.text) ?? await loadFormat(family)
    : family === "toml"
    ? freshTomlFormat(e, s.text) ?? await loadFormat(family)
    : family
    ? await loadFormat(family)
    : undefined;
  switch (e.op) {
    case "json.set":
      return setEntry(fmt!, s, ctx, entry(e, e.path, "json"), e.value);
    case "json.remove":
      return removeEntry(fmt!, s, ctx, entry(e, e.path, "json"));
    case "json.item.set":
      return setEntry(fmt!, s, ctx, entry(e, e.path, "json", e.key), e.value);
    case "json.item.remove":
      return removeEntry(fmt!, s, ctx, entry(e, e.path, "json", e.key));
    case "toml.table.set":
      return setEntry(fmt!, s, ctx, entry(e, e.table, "toml"), e.value);
    case "toml.table.remove":
      return removeEntry(fmt!, s, ctx, entry(e, e.table, "toml"));
    case "toml.item.set":
      return setEntry(fmt!, s, ctx, entry(e, e.array, "toml", e.key), e.value);
    case "toml.item.remove":
      return removeEntry(fmt!, s, ctx, entry(e, e.array, "toml", e.key));
    case "yaml.set":
      return setEntry(fmt!, s, ctx, entry(e, e.path, "yaml"), e.value);
    case "yaml.remove":
      return removeEntry(fmt!, s, ctx, entry(e, e.path, "yaml"));
    case "yaml.item.set":
      return setEntry(fmt!, s, ctx, entry(e, e.path, "yaml", e.key), e.value);
    case "yaml.item.remove":
      return removeEntry(fmt!, s, ctx, entry(e, e.path, "yaml", e.key));
    case "json.items.sync":
    case "toml.items.sync":
    case "yaml.items.sync":
      return syncItems(fmt!, s, ctx, {
        platform: e.platform,
        path: e.path,
        owns: e.owns,
        items: e.items,
        at: syncAt(e),
        label: e.label ?? e.path.join("."),
      });
    case "json.patch":
    case "toml.patch":
      return applyPatch(fmt!, s, ctx, e);
    case "json.patch.release":
    case "toml.patch.release":
      return releasePatch(fmt!, s, ctx, e);
    case "file.set":
      return setFile(s, ctx, e);
    case "file.remove":
      return removeFile(s, ctx, e);
    case "block.set":
      return setBlock(s, ctx, e);
    case "block.remove":
      return removeBlocks(s, ctx, e);
  }
}

/** Errors that mean "this entry cannot be edited in place" (their modules load lazily, so by name). */
const EDIT_CONFLICTS = new Set(["TomlEditError", "YamlEditError"]);

/** Applies one edit to the session; a failure of this edit alone becomes a `!` record. */
export async function dispatchEdit(
  e: Edit,
  s: FileSession,
  ctx: RunContext,
): Promise<ChangeRecord> {
  try {
    return await run(e, s, ctx);
  } catch (err) {
    if (err instanceof JsonPathConflictError || EDIT_CONFLICTS.has((err as Error)?.name)) {
      const label = e.label ?? e.op;
      return record(
        e.platform,
        "warn",
        s.path,
        `${label}: ${(err as Error).message}; left unchanged.`,
      );
    }
    throw err;
  }
}
