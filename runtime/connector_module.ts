/**
 * Loads a registered connector for the runtime entrypoints: the record under
 * `<dataRoot>/connectors/<id>/connector.json` names the module; the module's
 * default export is the connector. Lean: node built-ins and the record only.
 *
 * @module
 */

import { pathToFileURL } from "node:url";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { type ConnectorRecord, readConnectorRecord } from "../io/connector_record.ts";

/** True when `value` has the shape `defineConnector` returns. */
export function isResolvedConnector(value: unknown): value is ResolvedConnector {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && Array.isArray(v.hookEvents) && Array.isArray(v.commands) &&
    typeof v.telemetry === "object" && typeof v.platforms === "object";
}

/**
 * Imports `modulePath` and returns its connector: the default export (or a
 * `connector` export), run through `defineConnector` unless it already went
 * through it. The record's identity wins: install derived it (package.json
 * included) and host files were written under it.
 */
export async function importConnector(
  modulePath: string,
  record?: Pick<ConnectorRecord, "id" | "displayName" | "version">,
): Promise<ResolvedConnector> {
  const mod = await import(pathToFileURL(modulePath).href);
  const exported = mod.default ?? mod.connector;
  if (!exported || typeof exported !== "object") {
    throw new TypeError(`"${modulePath}" exports no connector`);
  }
  let connector: ResolvedConnector;
  if (isResolvedConnector(exported)) connector = exported;
  else {
    const { defineConnector } = await import("../core/define_connector.ts");
    connector = defineConnector(exported);
  }
  return record
    ? { ...connector, id: record.id, displayName: record.displayName, version: record.version }
    : connector;
}

/** The registered connector `id` and its record, or undefined when either is missing. */
export async function loadRegisteredConnector(
  root: string,
  id: string,
): Promise<{ record: ConnectorRecord; connector: ResolvedConnector } | undefined> {
  const record = readConnectorRecord(root, id);
  if (!record?.modulePath) return undefined;
  const connector = await importConnector(record.modulePath, record);
  return { record, connector };
}
