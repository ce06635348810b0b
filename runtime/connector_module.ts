/**
 * Loads a registered connector for the runtime entrypoints: the record under
 * `<dataRoot>/connectors/<id>/connector.json` names the module; the module's
 * default export is the connector. Lean: no `node:` import (the caller passes
 * how to read a file), so a hook call on Deno stays out of Node compatibility.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { ConnectorRecord } from "../io/connector_record.ts";
import { importLazily } from "../core/lazy_import.ts";

/** True when `value` has the shape `defineConnector` returns. */
export function isResolvedConnector(value: unknown): value is ResolvedConnector {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && Array.isArray(v.hookEvents) && Array.isArray(v.commands) &&
    typeof v.telemetry === "object" && typeof v.platforms === "object";
}

/** The `file:` URL of an absolute path (POSIX or Windows), like `pathToFileURL`. */
export function fileUrl(path: string): string {
  let p = path.replaceAll("\\", "/");
  if (!p.startsWith("/")) p = `/${p}`;
  return `file://${encodeURI(p).replaceAll("?", "%3F").replaceAll("#", "%23")}`;
}

/**
 * Imports `modulePath` and returns its connector: the default export (or a
 * `connector` export), run through `defineConnector` unless it already went
 * through it. The record's identity wins: install derived it (package.json
 * included) and host files were written under it. Without a record, a
 * package's generated entry names the identity in its `identity` export.
 */
export async function importConnector(
  modulePath: string,
  record?: Pick<ConnectorRecord, "id" | "displayName" | "version">,
): Promise<ResolvedConnector> {
  const mod = await import(fileUrl(modulePath));
  const exported = mod.default ?? mod.connector;
  record ??= identityOf(mod.identity);
  if (!exported || typeof exported !== "object") {
    throw new TypeError(`"${modulePath}" exports no connector`);
  }
  let connector: ResolvedConnector;
  if (isResolvedConnector(exported)) connector = exported;
  else {
    const { defineConnector } = await importLazily<typeof import("../core/define_connector.ts")>(
      "../core/define_connector.ts",
      import.meta.url,
    );
    connector = defineConnector(exported);
  }
  return record
    ? { ...connector, id: record.id, displayName: record.displayName, version: record.version }
    : connector;
}

/** A packaged entry's `identity` export (`{id, displayName, version}`), when it has that shape. */
function identityOf(
  value: unknown,
): Pick<ConnectorRecord, "id" | "displayName" | "version"> | undefined {
  const v = value as Record<string, unknown> | undefined;
  return v && typeof v.id === "string" && typeof v.displayName === "string" &&
      typeof v.version === "string"
    ? { id: v.id, displayName: v.displayName, version: v.version }
    : undefined;
}

/**
 * The connector a package bundles (`hook … --module <path>`, package/
 * connector_bundle.ts): the module at `modulePath`, with no record — nothing
 * is installed. Undefined when the module's id is not `id`.
 */
export async function loadModuleConnector(
  modulePath: string,
  id: string,
): Promise<
  | { record: Pick<ConnectorRecord, "installs" | "telemetry">; connector: ResolvedConnector }
  | undefined
> {
  const connector = await importConnector(modulePath);
  return connector.id === id
    ? { record: {} as Pick<ConnectorRecord, "installs" | "telemetry">, connector }
    : undefined;
}

/** Reads a record through `readText`; undefined when missing, unreadable or for another id. */
export function readRecord(
  readText: (path: string) => string | undefined,
  root: string,
  connectorId: string,
  sep = "/",
): ConnectorRecord | undefined {
  const text = readText([root, "connectors", connectorId, "connector.json"].join(sep));
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text);
    return data && typeof data === "object" && data.id === connectorId ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The registered connector `id` and its record, or undefined when either is missing. */
export async function loadRegisteredConnector(
  root: string,
  id: string,
  readText: (path: string) => string | undefined,
  sep = "/",
): Promise<{ record: ConnectorRecord; connector: ResolvedConnector } | undefined> {
  const record = readRecord(readText, root, id, sep);
  if (!record?.modulePath) return undefined;
  const connector = await importConnector(record.modulePath, record);
  return { record, connector };
}
