/**
 * Writes the connector record `<dataRoot>/connectors/<id>/connector.json`
 * that the runtime entrypoints and uninstall read: identity, module path,
 * framework version, telemetry settings, secret names, login definitions
 * and where the connector is installed.
 *
 * @module
 */

import { rmSync } from "node:fs";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { findSecretRefs } from "../core/interpolation.ts";
import { VERSION } from "../core/version.ts";
import { connectorDir } from "../io/data_root.ts";
import {
  type ConnectorRecord,
  connectorRecordPath,
  type InstallRow,
  readConnectorRecord,
} from "../io/connector_record.ts";
import { writeStateFile } from "../io/state_file.ts";

/** True when two rows name the same place. */
export function sameInstall(a: InstallRow, b: InstallRow): boolean {
  return a.platform === b.platform && a.scope === b.scope &&
    (a.scope === "user" || a.projectDir === b.projectDir);
}

/** `rows` with `add` merged in and `remove` taken out, in a stable order. */
export function mergeInstalls(
  rows: InstallRow[],
  add: InstallRow[],
  remove: InstallRow[] = [],
): InstallRow[] {
  const out = rows.filter((r) => !remove.some((x) => sameInstall(r, x)));
  for (const row of add) if (!out.some((r) => sameInstall(r, row))) out.push(row);
  return out;
}

/** The names of every secret the connector's server env references (never values). */
export function secretNamesOf(connector: ResolvedConnector): string[] {
  const values = [
    ...Object.values(connector.server?.secretEnv ?? {}),
    ...Object.values(connector.platforms).flatMap((p) =>
      p?.server ? Object.values(p.server.secretEnv ?? {}) : []
    ),
  ];
  return [...new Set(values.flatMap(findSecretRefs))].sort();
}

/** Writes the record after an install or upgrade of `connector`. */
export function recordInstall(opts: {
  root: string;
  connector: ResolvedConnector;
  modulePath: string;
  installs: InstallRow[];
  now?: Date;
}): ConnectorRecord {
  const { root, connector } = opts;
  const prev = readConnectorRecord(root, connector.id);
  const now = (opts.now ?? new Date()).toISOString();
  const record: ConnectorRecord = {
    id: connector.id,
    displayName: connector.displayName,
    version: connector.version,
    frameworkVersion: VERSION,
    modulePath: opts.modulePath,
    telemetry: connector.telemetry,
    secretNames: secretNamesOf(connector),
    oauth: connector.oauth ?? {},
    installs: mergeInstalls(prev?.installs ?? [], opts.installs),
    installedAt: prev?.installedAt ?? now,
    updatedAt: now,
  };
  writeStateFile(connectorRecordPath(root, connector.id), record);
  return record;
}

/**
 * Takes `rows` out of the record after an uninstall; once no install is
 * left the login definitions go too (nothing launches the server any more).
 */
export function recordUninstall(root: string, connectorId: string, rows: InstallRow[]): void {
  const prev = readConnectorRecord(root, connectorId);
  if (!prev) return;
  const installs = mergeInstalls(prev.installs ?? [], [], rows);
  const { oauth: _logins, ...rest } = prev;
  writeStateFile(connectorRecordPath(root, connectorId), {
    ...(installs.length ? prev : rest),
    installs,
    updatedAt: new Date().toISOString(),
  });
}

/** Removes the connector's framework state (`--purge`). */
export function purgeConnector(root: string, connectorId: string): void {
  rmSync(connectorDir(root, connectorId), { recursive: true, force: true });
}
