/**
 * Which connector a `secrets` (or `auth`) command acts on, in the order of
 * spec §3: `--connector-id`, then `--connector <path>`, then
 * `agent-connector.config.*` in `--project` (or the working directory), then
 * the single registered connector. Undefined when none of them gives one.
 *
 * @module
 */

import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { listConnectorIds, readConnectorRecord } from "../io/connector_record.ts";
import { dataRoot } from "../io/data_root.ts";
import type { HostEnv } from "../io/host_env.ts";
import { CliError } from "./_errors.ts";

/** How the connector was found. */
export type ConnectorRefSource = "connector-id" | "connector" | "project" | "registered";

/** A resolved connector: always an id; the definition when a config module was loaded. */
export interface ConnectorRef {
  /** The connector id (the secrets namespace). */
  id: string;
  /** Which rule found it. */
  source: ConnectorRefSource;
  /** The loaded definition, when it came from a config module. */
  connector?: ResolvedConnector;
  /** The config module's absolute path, when it came from one. */
  modulePath?: string;
  /** Secret names the registered record lists, when there is a record. */
  secretNames?: string[];
}

/** Loads a config module into a ResolvedConnector. */
export type ConnectorLoader = (path: string, host: HostEnv) => Promise<ResolvedConnector>;

/** What the resolution needs. */
export interface ConnectorRefOptions {
  /** `--connector-id`. */
  connectorId?: string;
  /** `--connector <path>`. */
  connectorPath?: string;
  /** `--project <dir>`; default the working directory. */
  projectDir?: string;
  /** The machine. */
  host: HostEnv;
  /** Loads a config module. */
  load: ConnectorLoader;
}

/** Config file names, in the order they are preferred when several exist. */
const CONFIG_EXTENSIONS = ["mjs", "js", "mts", "ts", "cjs", "json"];

/** Finds `agent-connector.config.*` in `dir`; undefined when there is none. */
export function findConnectorConfig(dir: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  for (const ext of CONFIG_EXTENSIONS) {
    const name = `agent-connector.config.${ext}`;
    if (names.includes(name)) return join(dir, name);
  }
  return undefined;
}

/** Applies the resolution order; throws CliError when a named config cannot be loaded. */
export async function resolveConnectorRef(
  options: ConnectorRefOptions,
): Promise<ConnectorRef | undefined> {
  const { host } = options;
  const root = dataRoot(host);
  const withRecord = (ref: ConnectorRef): ConnectorRef => {
    const names = readConnectorRecord(root, ref.id)?.secretNames;
    return names ? { ...ref, secretNames: names } : ref;
  };
  if (options.connectorId !== undefined) {
    return withRecord({ id: options.connectorId, source: "connector-id" });
  }
  const explicit = options.connectorPath !== undefined
    ? resolve(host.cwd, options.connectorPath)
    : undefined;
  const found = explicit ?? findConnectorConfig(resolve(host.cwd, options.projectDir ?? "."));
  if (found !== undefined) {
    let connector: ResolvedConnector;
    try {
      connector = await options.load(found, host);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CliError(`cannot load connector config "${found}": ${reason}`);
    }
    return withRecord({
      id: connector.id,
      source: explicit ? "connector" : "project",
      connector,
      modulePath: found,
    });
  }
  const ids = listConnectorIds(root);
  if (ids.length === 1) return withRecord({ id: ids[0], source: "registered" });
  return undefined;
}

/** The error for "no connector": what to pass, and the registered ids when there are several. */
export function noConnectorError(command: string, host: HostEnv): CliError {
  const ids = listConnectorIds(dataRoot(host));
  const several = ids.length > 1 ? ` (registered: ${ids.join(", ")})` : "";
  return new CliError(
    `${command}: no connector resolved${several} — pass --connector-id <id> or --connector <path>, ` +
      `or run it in a folder with agent-connector.config.*`,
  );
}
