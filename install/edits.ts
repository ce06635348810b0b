/**
 * What adapters declare: one {@link Edit} per native entry, as pure data.
 * The engine (`apply.ts`) turns a list of them into file writes and
 * ChangeRecords. See `apply.ts` for the full contract.
 *
 * @module
 */

import type { InstallScope, PlatformId } from "../core/platform_types.ts";
import type { ItemMatch, JsonPath } from "../core/edit_json.ts";

/** Fields every edit has. */
export interface EditBase {
  /** The host this edit is for (printed on the ChangeRecord). */
  platform: PlatformId;
  /** Absolute path of the file to edit. */
  file: string;
  /** What the entry is, for humans ("MCP server acme"); defaults to the key path. */
  label?: string;
}

/**
 * Ownership test for an entry that already exists but is not in our
 * ledger: true when the current value is recognisably ours (for example a
 * hook command pointing at our home binary with `--connector <id>`).
 */
export type AdoptTest = (current: unknown) => boolean;

/** Sets an entry we own at a key path of a JSON/JSONC file. */
export interface JsonSetEdit extends EditBase {
  /** Operation. */
  op: "json.set";
  /** Key path; literal keys (`["amp.mcpServers", "acme"]`). */
  path: JsonPath;
  /** The desired value. */
  value: unknown;
  /** Recognises a pre-existing value as ours. */
  adopt?: AdoptTest;
}

/** Removes an entry we own at a key path. */
export interface JsonRemoveEdit extends EditBase {
  /** Operation. */
  op: "json.remove";
  /** Key path. */
  path: JsonPath;
  /** Recognises a value as ours when the ledger has no record. */
  adopt?: AdoptTest;
}

/** Upserts an item we own in an array matched by fields (Grok `mcp.servers` by `id`). */
export interface JsonItemSetEdit extends EditBase {
  /** Operation. */
  op: "json.item.set";
  /** Path of the array. */
  path: JsonPath;
  /** Which item is ours: equal fields, or a predicate (then `key` is required). */
  match: ItemMatch;
  /** Stable ledger key for a predicate `match`. */
  key?: string;
  /** The desired item. */
  value: unknown;
  /** Recognises a pre-existing item as ours. */
  adopt?: AdoptTest;
}

/** Removes the items we own matching `match` from an array. */
export interface JsonItemRemoveEdit extends EditBase {
  /** Operation. */
  op: "json.item.remove";
  /** Path of the array. */
  path: JsonPath;
  /** Which items. */
  match: ItemMatch;
  /** Stable ledger key for a predicate `match`. */
  key?: string;
  /** Recognises an item as ours when the ledger has no record. */
  adopt?: AdoptTest;
}

/**
 * A set-if-absent key shared through the configPatch ledger (spec §2.8); also
 * used for the status line (§2.5). `toml.patch` sets a table of a TOML file
 * the same way (Grok Build's `[ui.status_line]`).
 */
export interface JsonPatchEdit extends EditBase {
  /** Operation: the file's format decides which. */
  op: "json.patch" | "toml.patch";
  /** Key path of the leaf. */
  path: JsonPath;
  /** The value written when the key is absent. */
  value: unknown;
  /** Why (printed on every outcome). */
  reason: string;
  /** Appended to manual-edit hints. */
  docsUrl?: string;
  /** Returns why a key must be refused (denylist, reserved namespace), if so. */
  guard?: (key: string, value: unknown) => string | undefined;
}

/** Releases this connector's ownership of a configPatch key (spec §2.8 uninstall). */
export interface JsonPatchReleaseEdit extends EditBase {
  /** Operation: the file's format decides which. */
  op: "json.patch.release" | "toml.patch.release";
  /** Key path of the leaf. */
  path: JsonPath;
}

/** A whole file we write and own (command, skill, subagent, hook script, plugin). */
export interface FileSetEdit extends EditBase {
  /** Operation. */
  op: "file.set";
  /** The full content. */
  content: string;
  /** Permission bits to enforce (`0o755` for scripts). */
  mode?: number;
}

/** Deletes a whole file we own. */
export interface FileRemoveEdit extends EditBase {
  /**
   * A file install or upgrade no longer renders (not an uninstall): one the
   * user edited by hand is then left in place unless `force`, as `file.set`
   * leaves it.
   */
  stale?: boolean;
  /** Operation. */
  op: "file.remove";
}

/** A managed block in a Markdown memory file (spec §2.4). */
export interface BlockSetEdit extends EditBase {
  /** Operation. */
  op: "block.set";
  /** `<connectorId>/<name>`. */
  blockId: string;
  /** The block's inner content (Markdown). */
  content: string;
  /** The scope, recorded in memory-state.json. */
  scope: InstallScope;
  /**
   * Text that leads a dedicated file (frontmatter such as
   * `trigger: always_on`): written first when the file is created.
   */
  head?: string;
}

/** Removes every block whose id starts with `<connectorId>/`. */
export interface BlockRemoveEdit extends EditBase {
  /** Operation. */
  op: "block.remove";
  /** Usually `<connectorId>/`; `_shared/<name>` for a bridge block. */
  prefix: string;
  /** The scope, to match memory-state.json rows. */
  scope: InstallScope;
  /**
   * The head a dedicated file was created with: a file we created that holds
   * only this head once its blocks are gone is deleted.
   */
  head?: string;
}

/** Upserts a table we own in a TOML file (`[mcp_servers.<id>]` with sub-tables). */
export interface TomlTableSetEdit extends EditBase {
  /** Operation. */
  op: "toml.table.set";
  /** Table path, e.g. `["mcp_servers", "acme"]`. */
  table: readonly string[];
  /** The table's content. */
  value: Record<string, unknown>;
  /** Recognises a pre-existing table as ours. */
  adopt?: AdoptTest;
}

/** Removes a table we own (and its sub-tables) from a TOML file. */
export interface TomlTableRemoveEdit extends EditBase {
  /** Operation. */
  op: "toml.table.remove";
  /** Table path. */
  table: readonly string[];
  /** Recognises a table as ours when the ledger has no record. */
  adopt?: AdoptTest;
}

/** Upserts an entry we own of an array of tables (`[[mcp_servers]]` keyed by `name`). */
export interface TomlItemSetEdit extends EditBase {
  /** Operation. */
  op: "toml.item.set";
  /** Path of the array of tables. */
  array: readonly string[];
  /** Which entry: equal fields, or a predicate (then `key` is required). */
  match: ItemMatch;
  /** Stable ledger key for a predicate `match`. */
  key?: string;
  /** The entry's content. */
  value: Record<string, unknown>;
  /** Recognises a pre-existing entry as ours. */
  adopt?: AdoptTest;
}

/** Removes the entries we own matching `match` from an array of tables. */
export interface TomlItemRemoveEdit extends EditBase {
  /** Operation. */
  op: "toml.item.remove";
  /** Path of the array of tables. */
  array: readonly string[];
  /** Which entries. */
  match: ItemMatch;
  /** Stable ledger key for a predicate `match`. */
  key?: string;
  /** Recognises an entry as ours when the ledger has no record. */
  adopt?: AdoptTest;
}

/** Sets a map entry we own in a YAML file (Goose `extensions.<id>`). */
export interface YamlSetEdit extends EditBase {
  /** Operation. */
  op: "yaml.set";
  /** Key path. */
  path: readonly string[];
  /** The desired value. */
  value: unknown;
  /** Recognises a pre-existing value as ours. */
  adopt?: AdoptTest;
}

/** Removes a map entry we own from a YAML file. */
export interface YamlRemoveEdit extends EditBase {
  /** Operation. */
  op: "yaml.remove";
  /** Key path. */
  path: readonly string[];
  /** Recognises a value as ours when the ledger has no record. */
  adopt?: AdoptTest;
}

/** Upserts an item we own in a YAML sequence (Continue `mcpServers` by `name`). */
export interface YamlItemSetEdit extends EditBase {
  /** Operation. */
  op: "yaml.item.set";
  /** Path of the sequence. */
  path: readonly string[];
  /** Which item. */
  match: ItemMatch;
  /** Stable ledger key for a predicate `match`. */
  key?: string;
  /** The desired item. */
  value: unknown;
  /** Recognises a pre-existing item as ours. */
  adopt?: AdoptTest;
}

/** Removes the items we own matching `match` from a YAML sequence. */
export interface YamlItemRemoveEdit extends EditBase {
  /** Operation. */
  op: "yaml.item.remove";
  /** Path of the sequence. */
  path: readonly string[];
  /** Which items. */
  match: ItemMatch;
  /** Stable ledger key for a predicate `match`. */
  key?: string;
  /** Recognises an item as ours when the ledger has no record. */
  adopt?: AdoptTest;
}

/**
 * Makes the items of ours in an array exactly `items` (Claude-style hook
 * groups of one event, Kimi `[[hooks]]`): declared items are added or kept,
 * items `owns` recognises but no longer declared are removed, the user's
 * items are never touched. `items: []` removes all of ours (the uninstall);
 * an array we created is removed once empty.
 */
export interface ItemsSyncEdit extends EditBase {
  /** Operation, by file format. */
  op: "json.items.sync" | "toml.items.sync" | "yaml.items.sync";
  /** Path of the array (`["hooks", "PreToolUse"]`, `["hooks"]`). */
  path: readonly string[];
  /** Recognises an item as ours (e.g. its command names our connector). */
  owns: (item: unknown) => boolean;
  /** The items of ours that should be there, in order. */
  items: readonly unknown[];
}

/** Every edit the engine applies. */
export type Edit =
  | JsonSetEdit
  | JsonRemoveEdit
  | JsonItemSetEdit
  | JsonItemRemoveEdit
  | JsonPatchEdit
  | JsonPatchReleaseEdit
  | FileSetEdit
  | FileRemoveEdit
  | BlockSetEdit
  | BlockRemoveEdit
  | TomlTableSetEdit
  | TomlTableRemoveEdit
  | TomlItemSetEdit
  | TomlItemRemoveEdit
  | YamlSetEdit
  | YamlRemoveEdit
  | YamlItemSetEdit
  | YamlItemRemoveEdit
  | ItemsSyncEdit;

/** The operation names. */
export type EditOp = Edit["op"];
