/**
 * The state the engine keeps while applying the edits of one file, and the
 * context every operation handler receives.
 *
 * @module
 */

import type { ChangeRecord, InstallScope } from "../core/platform_types.ts";
import type { ForeignClaim, Ledgers, OwnedRecord } from "../io/ledgers.ts";
import { dropClaim, type PeerWant, putClaim } from "./_claims.ts";

/** One file being edited: read once, edited in memory, written once. */
export interface FileSession {
  /** Absolute path. */
  path: string;
  /** The text read from disk; `undefined` when the file did not exist. */
  original: string | undefined;
  /** The working text; `undefined` means "the file should not exist". */
  text: string | undefined;
  /** The file's permission bits on disk, when it exists. */
  currentMode?: number;
  /** Permission bits to enforce on write. */
  mode?: number;
  /** Set when an edit removed something (a file we created may then be deleted once empty). */
  removedSomething: boolean;
  /** Set when the working text must not be written (a parse error). */
  broken: boolean;
}

/** What operation handlers share. */
export interface RunContext {
  /** The connector acting. */
  connectorId: string;
  /** Its version. */
  connectorVersion: string;
  /** Overwrite user-edited blocks and owned files (after a backup). */
  force: boolean;
  /** The run's timestamp (ISO 8601). */
  now: string;
  /** Loaded ledgers; handlers mutate them and mark them dirty. */
  ledgers: Ledgers;
  /** The scope of the host install this run is for (whole-file claims are per scope). */
  scope?: InstallScope;
  /** What the other claimants of shared whole files would write now. */
  peers?: readonly PeerWant[];
  /**
   * The claims other connectors' ledgers hold on the whole file `file`
   * (read lazily, once per run, the first time a removal would delete a file).
   */
  foreignClaims?: (file: string) => ForeignClaim[];
}

/** Finds a record of this connector's ownership of (file, at), whichever host or scope claims it. */
export function findOwned(ctx: RunContext, file: string, at: string): OwnedRecord | undefined {
  return ctx.ledgers.owned.records.find((r) => r.file === file && r.at === at);
}

/**
 * Adds or refreshes the run's claim on an entry: `record` for its platform
 * and the run's scope (one host's two scopes may share a file when the
 * project is the home folder).
 */
export function putOwned(ctx: RunContext, record: OwnedRecord): void {
  putClaim(ctx, ctx.scope ? { ...record, scope: ctx.scope } : record);
}

/** Releases the run's claim of `platform` on (file, at); returns the claims left. */
export function dropOwned(
  ctx: RunContext,
  file: string,
  at: string,
  platform: string,
): OwnedRecord[] {
  return dropClaim(ctx, file, at, { platform, scope: ctx.scope });
}

/** Records container paths created in `file`. */
export function addCreatedContainers(ctx: RunContext, file: string, paths: string[][]): void {
  if (paths.length === 0) return;
  const info = ctx.ledgers.created.files[file] ??= {};
  const list = info.containers ??= [];
  for (const p of paths) {
    if (!list.some((q) => JSON.stringify(q) === JSON.stringify(p))) list.push(p);
  }
  ctx.ledgers.dirty.add("created");
}

/** Forgets container paths that were pruned from `file`. */
export function dropCreatedContainers(ctx: RunContext, file: string, paths: string[][]): void {
  const info = ctx.ledgers.created.files[file];
  if (!info?.containers || paths.length === 0) return;
  const gone = new Set(paths.map((p) => JSON.stringify(p)));
  info.containers = info.containers.filter((p) => !gone.has(JSON.stringify(p)));
  if (info.containers.length === 0) delete info.containers;
  if (Object.keys(info).length === 0) delete ctx.ledgers.created.files[file];
  ctx.ledgers.dirty.add("created");
}

/** The created containers recorded for `file`. */
export function createdContainers(ctx: RunContext, file: string): string[][] {
  return ctx.ledgers.created.files[file]?.containers ?? [];
}

/** Builds a ChangeRecord. */
export function record(
  platform: ChangeRecord["platform"],
  action: ChangeRecord["action"],
  path: string,
  detail: string,
): ChangeRecord {
  return { platform, action, path, detail };
}
