/**
 * The install ledgers: what agent-connector wrote, so uninstall removes
 * exactly that and never a user's own entry or file of the same name.
 *
 * - `<dataRoot>/state/config-patches.json` — configPatch / status-line keys,
 *   shared and refcounted across connectors (spec §2.8).
 * - `<dataRoot>/state/created-paths.json` — files, folders and JSON/YAML
 *   containers we created, shared across connectors: an emptied container,
 *   file or folder is removed again whoever empties it.
 * - `<dataRoot>/connectors/<id>/owned.json` — entries and whole files this
 *   connector wrote, with the hash of what it wrote. A whole file several
 *   hosts read (`.agents/skills`, `~/.copilot/skills`, `.github/prompts`)
 *   has one record per claim — per (platform, scope) that wants it — and is
 *   deleted only when the last claim is released (`install/_claims.ts`);
 *   an entry two scopes of one host share (project = home) likewise.
 * - `<dataRoot>/connectors/<id>/memory-state.json` — managed blocks (§2.4).
 *
 * All are written atomically while the install lock is held.
 *
 * @module
 */

import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { ConfigPatchRow } from "../core/config_patch.ts";
import type { InstallScope } from "../core/platform_types.ts";
import { connectorDir } from "./data_root.ts";
import { readStateFile, writeStateFile } from "./state_file.ts";

/** One thing a connector wrote. */
export interface OwnedRecord {
  /** Host id. */
  platform: string;
  /** Absolute path of the file. */
  file: string;
  /** `entry` (a key, table or array item inside a file) or `file` (the whole file). */
  kind: "entry" | "file";
  /** Where the entry is: a stable locator string (empty for whole files). */
  at: string;
  /** sha256 of the canonical JSON of what was written (of the text, for whole files). */
  hash: string;
  /**
   * For whole files: the scope of the install that claims the file. Absent
   * on records written before claims had scopes (then it matches any scope).
   */
  scope?: InstallScope;
  /**
   * For whole files: the file was already there, with exactly these bytes,
   * when it was first claimed (the user's, or another connector's), so
   * releasing the last claim leaves it in place — unless the shared created
   * ledger says agent-connector wrote it (another connector did): then it
   * goes with the last claim of every connector (`install/_op_file.ts`).
   */
  adopted?: true;
}

/** `connectors/<id>/owned.json`. */
export interface OwnedLedger {
  /** Format version. */
  version: 1;
  /** Every entry and file the connector owns. */
  records: OwnedRecord[];
}

/** What we created in one file. */
export interface CreatedFileInfo {
  /** The file did not exist before we wrote it. */
  createdFile?: boolean;
  /** Directories created to hold the file, outermost first. */
  createdDirs?: string[];
  /** Container key paths (JSON/YAML) we created. */
  containers?: string[][];
}

/** A folder we created that outlived the file it was created for. */
export interface LeftoverDir {
  /** Absolute path. */
  path: string;
  /** Its inode when recorded: a folder re-created since (by someone else) is not ours. */
  ino: number;
}

/** `state/created-paths.json`. */
export interface CreatedLedger {
  /** Format version. */
  version: 1;
  /** By absolute file path. */
  files: Record<string, CreatedFileInfo>;
  /**
   * Folders we created whose file is gone but which still held something
   * then (another file of ours, or the user's); every run removes those
   * that are empty by its end.
   */
  leftoverDirs?: LeftoverDir[];
}

/** `state/config-patches.json`. */
export interface ConfigPatchLedger {
  /** Format version. */
  version: 1;
  /** One row per (platform, file, key). */
  rows: ConfigPatchRow[];
}

/** One managed block a connector wrote (spec §2.4). */
export interface MemoryRow {
  /** Host id. */
  platform: string;
  /** Install scope. */
  scope: InstallScope;
  /** Absolute path of the memory file. */
  path: string;
  /** `<connectorId>/<name>`. */
  blockId: string;
  /** We created the file. */
  createdFile: boolean;
  /** The block's `hash=`. */
  hash: string;
}

/** `connectors/<id>/memory-state.json`. */
export interface MemoryLedger {
  /** Format version. */
  version: 1;
  /** One row per (platform, scope, path, blockId). */
  rows: MemoryRow[];
}

/** The four ledgers as one bundle, with which of them changed. */
export interface Ledgers {
  /** This connector's owned entries and files. */
  owned: OwnedLedger;
  /** Shared created files and containers. */
  created: CreatedLedger;
  /** Shared configPatch rows. */
  patches: ConfigPatchLedger;
  /** This connector's managed blocks. */
  memory: MemoryLedger;
  /** Names of the ledgers to write back. */
  dirty: Set<"owned" | "created" | "patches" | "memory">;
}

/** Path of `state/config-patches.json`. */
export function configPatchLedgerPath(dataRoot: string): string {
  return join(dataRoot, "state", "config-patches.json");
}

/** Path of `state/created-paths.json`. */
export function createdLedgerPath(dataRoot: string): string {
  return join(dataRoot, "state", "created-paths.json");
}

/** Path of `connectors/<id>/owned.json`. */
export function ownedLedgerPath(dataRoot: string, connectorId: string): string {
  return join(connectorDir(dataRoot, connectorId), "owned.json");
}

/** Path of `connectors/<id>/memory-state.json`. */
export function memoryLedgerPath(dataRoot: string, connectorId: string): string {
  return join(connectorDir(dataRoot, connectorId), "memory-state.json");
}

/** Reads every ledger a run of `connectorId` needs. */
export function loadLedgers(dataRoot: string, connectorId: string): Ledgers {
  return {
    owned: readStateFile<OwnedLedger>(ownedLedgerPath(dataRoot, connectorId), {
      version: 1,
      records: [],
    }),
    created: readStateFile<CreatedLedger>(createdLedgerPath(dataRoot), { version: 1, files: {} }),
    patches: readStateFile<ConfigPatchLedger>(configPatchLedgerPath(dataRoot), {
      version: 1,
      rows: [],
    }),
    memory: readStateFile<MemoryLedger>(memoryLedgerPath(dataRoot, connectorId), {
      version: 1,
      rows: [],
    }),
    dirty: new Set(),
  };
}

/** Every ledger file {@link saveLedgers} may write for `connectorId`. */
export function ledgerPaths(dataRoot: string, connectorId: string): string[] {
  return [
    ownedLedgerPath(dataRoot, connectorId),
    memoryLedgerPath(dataRoot, connectorId),
    createdLedgerPath(dataRoot),
    configPatchLedgerPath(dataRoot),
  ];
}

/** Writes back the ledgers marked dirty; an emptied ledger file is deleted. */
export function saveLedgers(dataRoot: string, connectorId: string, l: Ledgers): void {
  if (l.dirty.has("owned")) {
    writeStateFile(
      ownedLedgerPath(dataRoot, connectorId),
      l.owned.records.length ? l.owned : undefined,
    );
  }
  if (l.dirty.has("memory")) {
    writeStateFile(
      memoryLedgerPath(dataRoot, connectorId),
      l.memory.rows.length ? l.memory : undefined,
    );
  }
  if (l.dirty.has("created")) {
    if (l.created.leftoverDirs?.length === 0) delete l.created.leftoverDirs;
    const empty = Object.keys(l.created.files).length === 0 && !l.created.leftoverDirs;
    writeStateFile(createdLedgerPath(dataRoot), empty ? undefined : l.created);
  }
  if (l.dirty.has("patches")) {
    writeStateFile(configPatchLedgerPath(dataRoot), l.patches.rows.length ? l.patches : undefined);
  }
  l.dirty.clear();
}

/** A whole-file claim recorded in the ownership ledger of another connector. */
export interface ForeignClaim {
  /** The connector holding the claim. */
  connectorId: string;
  /** The claim; absent when that connector's ledger cannot be read (`unreadable`). */
  record?: OwnedRecord;
  /** Path of that connector's ledger when it exists but is not valid JSON. */
  unreadable?: string;
}

/**
 * Every whole-file claim in the ownership ledgers of the connectors other
 * than `connectorId` under `dataRoot` (one entry with `unreadable` for a
 * ledger that cannot be read: it may claim anything). Read only when a
 * removal is about to delete a file.
 */
export function foreignFileClaims(dataRoot: string, connectorId: string): ForeignClaim[] {
  let names: string[];
  try {
    names = readdirSync(join(dataRoot, "connectors"));
  } catch {
    return [];
  }
  const out: ForeignClaim[] = [];
  for (const id of names.sort()) {
    if (id === connectorId) continue;
    const path = ownedLedgerPath(dataRoot, id);
    let ledger: OwnedLedger;
    try {
      ledger = readStateFile<OwnedLedger>(path, { version: 1, records: [] });
    } catch {
      out.push({ connectorId: id, unreadable: path });
      continue;
    }
    for (const record of ledger.records ?? []) {
      if (record.kind === "file" && record.at === "") out.push({ connectorId: id, record });
    }
  }
  return out;
}
