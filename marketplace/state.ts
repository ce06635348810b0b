/**
 * The marketplace state file, `<dataRoot>/marketplace/marketplace-installs.json`
 * (spec §3 `install --method marketplace`): one row per connector and host
 * installed through the host's own plugin command, so `uninstall`, `upgrade`
 * and `doctor` follow the method used and the dual-method guard can refuse a
 * second route. Written atomically (io/state_file.ts); removed when empty.
 * Every change is a read-modify-write under the file's own lock
 * ({@link updateMarketplaceState}, io/lock.ts), so two marketplace installs
 * running at once each keep their row.
 *
 * @module
 */

import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import { withLockFileSync } from "../io/lock.ts";
import { readStateFile, writeStateFile } from "../io/state_file.ts";

/** The folder of marketplace staging and state under the data root. */
export function marketplaceRoot(dataRoot: string): string {
  return join(dataRoot, "marketplace");
}

/** The state file's path. */
export function marketplaceStatePath(dataRoot: string): string {
  return join(marketplaceRoot(dataRoot), "marketplace-installs.json");
}

/** The lock file that guards the state file's read-modify-write. */
export function marketplaceLockPath(dataRoot: string): string {
  return join(marketplaceRoot(dataRoot), "marketplace-installs.lock");
}

/** One connector installed into one host through the host's plugin command. */
export interface MarketplaceInstall {
  /** The connector id (the plugin's name). */
  connectorId: string;
  /** The host. */
  host: HostId;
  /** The package format staged for it. */
  format: string;
  /** The folder the host installed from (the staged package). */
  staged: string;
  /** What the host calls the plugin (`labconn@agent-connector`, `labconn`). */
  pluginRef: string;
  /** The connector version installed. */
  version: string;
  /** The config module it came from, so upgrade can re-stage it. */
  modulePath?: string;
  /** First install (ISO time). */
  installedAt: string;
  /** Last install or update (ISO time). */
  updatedAt: string;
}

/** The whole state file. */
export interface MarketplaceState {
  /** Format version. */
  version: 1;
  /** Every row, in install order. */
  installs: MarketplaceInstall[];
}

/** Reads the state (empty when the file is absent); throws naming the file when it is not JSON. */
export function readMarketplaceState(dataRoot: string): MarketplaceState {
  const state = readStateFile<Partial<MarketplaceState>>(marketplaceStatePath(dataRoot), {});
  return { version: 1, installs: Array.isArray(state.installs) ? state.installs : [] };
}

/** Writes the state; removes the file when no row is left. */
export function writeMarketplaceState(dataRoot: string, state: MarketplaceState): void {
  writeStateFile(
    marketplaceStatePath(dataRoot),
    state.installs.length ? { version: 1, installs: state.installs } : undefined,
  );
}

/**
 * Reads the state, applies `change` and writes the result, holding the
 * state file's lock throughout so a concurrent writer's row is never lost.
 * Waits up to `waitMs` (io/lock.ts `LOCK_WAIT_MS` by default) for another
 * writer.
 *
 * @throws {AgentConnectorError} `lock-timeout` naming the holder and the lock file.
 */
export function updateMarketplaceState(
  dataRoot: string,
  change: (state: MarketplaceState) => MarketplaceState,
  waitMs?: number,
): void {
  withLockFileSync(
    marketplaceLockPath(dataRoot),
    () => writeMarketplaceState(dataRoot, change(readMarketplaceState(dataRoot))),
    { waitMs, activity: "marketplace install" },
  );
}

/** The rows of one connector (optionally on one host). */
export function installsOf(
  state: MarketplaceState,
  connectorId: string,
  host?: HostId,
): MarketplaceInstall[] {
  return state.installs.filter((r) =>
    r.connectorId === connectorId && (host === undefined || r.host === host)
  );
}

/** `state` with `row` in place of the row for the same connector and host (kept first-install time). */
export function withInstall(state: MarketplaceState, row: MarketplaceInstall): MarketplaceState {
  const prev = installsOf(state, row.connectorId, row.host)[0];
  const next = prev ? { ...row, installedAt: prev.installedAt } : row;
  const installs = state.installs.map((r) => r === prev ? next : r);
  if (!prev) installs.push(next);
  return { version: 1, installs };
}

/** `state` without the row for `connectorId` on `host`. */
export function withoutInstall(
  state: MarketplaceState,
  connectorId: string,
  host: HostId,
): MarketplaceState {
  return {
    version: 1,
    installs: state.installs.filter((r) => !(r.connectorId === connectorId && r.host === host)),
  };
}
