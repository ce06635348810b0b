/**
 * The registered state of one connector: `<dataRoot>/connectors/<id>/connector.json`.
 * Runtime entrypoints (hook, serve, statusline) read it to find the module and
 * settings; uninstall reads it when the source module is gone.
 *
 * @module
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedOAuthLoginDef, ResolvedTelemetryConfig } from "../core/connector_types.ts";
import { AgentConnectorError } from "../core/errors.ts";
import { connectorDir } from "./data_root.ts";
import { describeJsonError } from "./_json_error.ts";

/** One place a connector is installed. */
export interface InstallRow {
  /** The host. */
  platform: string;
  /** The scope written. */
  scope: "user" | "project";
  /** The project dir, for project scope. */
  projectDir?: string;
}

/** What `connector.json` holds. Only ids, paths, versions and settings — never values of secrets. */
export interface ConnectorRecord {
  /** Connector id. */
  id: string;
  /** Host-facing label. */
  displayName: string;
  /** The connector's own version. */
  version: string;
  /** The agent-connector version that wrote this record. */
  frameworkVersion: string;
  /** Absolute path of the connector's config module. */
  modulePath: string;
  /** Resolved telemetry settings, so serve need not import the module. */
  telemetry: ResolvedTelemetryConfig;
  /** Names (never values) of the secrets the server env references. */
  secretNames?: string[];
  /** Where the connector is installed: one row per host and scope (and project). */
  installs?: InstallRow[];
  /**
   * The login definitions (`oauth`), so `auth --connector-id` and
   * `getAccessToken` without `def` work when the module is not at hand:
   * endpoints, scopes, client ids and `${secret:NAME}` references, never a
   * token or a secret's value (google's literal client secret, which Google
   * documents as not confidential, is kept as declared — spec §2.2). Dropped
   * once the connector is installed nowhere.
   */
  oauth?: Record<string, ResolvedOAuthLoginDef>;
  /** When the record was first written (ISO 8601). */
  installedAt: string;
  /** When it was last rewritten (ISO 8601). */
  updatedAt: string;
}

/** Returns the path of a connector's record. */
export function connectorRecordPath(root: string, connectorId: string): string {
  return join(connectorDir(root, connectorId), "connector.json");
}

/** Reads a connector's record; `undefined` when it is missing or unreadable. */
export function readConnectorRecord(
  root: string,
  connectorId: string,
): ConnectorRecord | undefined {
  try {
    const data = JSON.parse(readFileSync(connectorRecordPath(root, connectorId), "utf8"));
    return data && typeof data === "object" && data.id === connectorId ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a connector's record exists but cannot be used (`<path>: line L, column
 * C: …`), or `undefined` when it is readable or absent. Commands that rewrite
 * or rely on the record check this first: reading a broken record as absent
 * would forget every host the connector is installed into.
 */
export function connectorRecordProblem(root: string, connectorId: string): string | undefined {
  const path = connectorRecordPath(root, connectorId);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as { code?: string }).code;
    return code === "ENOENT" || code === "ENOTDIR"
      ? undefined
      : `${path}: ${(err as Error).message}`;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return `${path}: ${describeJsonError(err, text)}`;
  }
  const id = data && typeof data === "object" ? (data as { id?: unknown }).id : undefined;
  return id === connectorId ? undefined : `${path}: not the record of connector "${connectorId}"`;
}

/**
 * Throws when a connector's record exists but cannot be read.
 *
 * @throws {AgentConnectorError} `state-unreadable`, naming the file and line.
 */
export function assertConnectorRecordReadable(root: string, connectorId: string): void {
  const problem = connectorRecordProblem(root, connectorId);
  if (!problem) return;
  throw new AgentConnectorError(
    "state-unreadable",
    `Cannot read the record of connector "${connectorId}": ${problem}. Fix it by hand; ` +
      `deleting it makes agent-connector forget which hosts and projects it is installed in.`,
    { file: connectorRecordPath(root, connectorId) },
  );
}

/** The ids under `<root>/connectors/` whose record exists but cannot be read, sorted. */
export function unreadableConnectorIds(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, "connectors"));
  } catch {
    return [];
  }
  return names.filter((id) => connectorRecordProblem(root, id) !== undefined).sort();
}

/** Lists the ids of every connector with a readable record, sorted. */
export function listConnectorIds(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, "connectors"));
  } catch {
    return [];
  }
  return names.filter((id) => readConnectorRecord(root, id) !== undefined).sort();
}
