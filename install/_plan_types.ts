/**
 * What surface planners share: their input (one host, one scope, one
 * connector) and their output (engine edits plus notes — the `!` and `=`
 * records for what the host cannot take, which never fail an install).
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { ChangeAction, ChangeRecord } from "../core/platform_types.ts";
import type { HostAdapter } from "../adapters/descriptor.ts";
import type { Ledgers } from "../io/ledgers.ts";
import type { Edit } from "./edits.ts";
import type { InstallContext } from "./context.ts";

/** One host, one scope. */
export interface SurfaceInput {
  /** The host. */
  adapter: HostAdapter;
  /** The connector; undefined for an id-only uninstall (module gone). */
  connector?: ResolvedConnector;
  /** The connector id. */
  connectorId: string;
  /** Where and how. */
  ctx: InstallContext;
  /** The engine's ledgers for this connector (read only here). */
  ledgers: Ledgers;
}

/** Anything a planner may declare. */
export type PlannedEdit = Edit;

/** A planner's output. */
export interface PlanPart {
  /** Edits for the engine, in surface order. */
  edits: PlannedEdit[];
  /** Records for what is not written (unsupported, disabled, detected). */
  notes: ChangeRecord[];
}

/** An empty plan. */
export function emptyPlan(): PlanPart {
  return { edits: [], notes: [] };
}

/** A note record. */
export function note(
  input: Pick<SurfaceInput, "adapter">,
  action: ChangeAction,
  detail: string,
  path?: string,
): ChangeRecord {
  return path === undefined
    ? { platform: input.adapter.id, action, detail }
    : { platform: input.adapter.id, action, path, detail };
}

/** Concatenates plans in order. */
export function joinPlans(...parts: PlanPart[]): PlanPart {
  return { edits: parts.flatMap((p) => p.edits), notes: parts.flatMap((p) => p.notes) };
}

/** True when the owned ledger says this host wrote an entry in `file`. */
export function ownsEntryIn(input: SurfaceInput, file: string): boolean {
  return input.ledgers.owned.records.some((r) =>
    r.platform === input.adapter.id && r.file === file && r.kind === "entry"
  );
}
