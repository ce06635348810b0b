/**
 * Which connector a `secrets` (or `auth`) command acts on, in the order of
 * spec §3: `--connector-id`, then `--connector <path>`, then
 * `agent-connector.config.*` found from `--project` (or the working
 * directory) by io/load_connector.ts, then
 * the single registered connector. Undefined when none of them gives one.
 *
 * @module
 */

import { resolve } from "node:path";
import type { ResolvedConnector, ResolvedOAuthLoginDef } from "../core/connector_types.ts";
import { listConnectorIds, readConnectorRecord } from "../io/connector_record.ts";
import { dataRoot } from "../io/data_root.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { type FlagSpec, type ParsedArgs, stringFlag } from "./_args.ts";
import type { CliContext } from "./_context.ts";
import {
  findConnectorConfig,
  type LoadConnectorOptions,
  type LoadedConnector,
} from "../io/load_connector.ts";
import { CliError } from "./_errors.ts";

/** How the connector was found. */
/** The flags that choose the connector, in every command that resolves one. */
export const RESOLUTION: FlagSpec = {
  connector: { type: "string" },
  "connector-id": { type: "string" },
  project: { type: "string" },
};

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
  /** Login definitions the registered record holds, when it holds them. */
  logins?: Record<string, ResolvedOAuthLoginDef>;
}

/** Loads a connector config (io/load_connector.ts `loadConnector`, or a test double). */
export type ConnectorLoader = (options: LoadConnectorOptions) => Promise<LoadedConnector>;

/** What the resolution needs. */
export interface ConnectorRefOptions {
  /** `--connector-id`. */
  connectorId?: string;
  /** `--connector <path>`. */
  connectorPath?: string;
  /** `--project <dir>`; default the working directory. */
  projectDir?: string;
  /** The machine. */
  machine: MachineEnv;
  /** Loads a config module. */
  load: ConnectorLoader;
}

/** Applies the resolution order; throws CliError when a named config cannot be loaded. */
export async function resolveConnectorRef(
  options: ConnectorRefOptions,
): Promise<ConnectorRef | undefined> {
  const { machine } = options;
  const root = dataRoot(machine);
  const withRecord = (ref: ConnectorRef): ConnectorRef => {
    const record = readConnectorRecord(root, ref.id);
    const out = { ...ref };
    if (record?.secretNames) out.secretNames = record.secretNames;
    if (record?.oauth) out.logins = record.oauth;
    return out;
  };
  if (options.connectorId !== undefined) {
    return withRecord({ id: options.connectorId, source: "connector-id" });
  }
  const projectDir = resolve(machine.cwd, options.projectDir ?? ".");
  const explicit = options.connectorPath !== undefined;
  if (explicit || findConnectorConfig(projectDir) !== undefined) {
    let loaded: LoadedConnector;
    try {
      loaded = await options.load({
        connectorPath: options.connectorPath,
        projectDir,
        cwd: machine.cwd,
      });
    } catch (error) {
      throw new CliError(error instanceof Error ? error.message : String(error));
    }
    return withRecord({
      id: loaded.connector.id,
      source: explicit ? "connector" : "project",
      connector: loaded.connector,
      modulePath: loaded.modulePath,
    });
  }
  const ids = listConnectorIds(root);
  if (ids.length === 1) return withRecord({ id: ids[0], source: "registered" });
  return undefined;
}

/**
 * {@link resolveConnectorRef} from a command's {@link RESOLUTION} flags; a
 * branded CLI without `--connector` is bound to its own connector (spec §0.1).
 */
export function connectorRefFromFlags(
  parsed: ParsedArgs,
  ctx: CliContext,
  load: ConnectorLoader,
): Promise<ConnectorRef | undefined> {
  return resolveConnectorRef({
    connectorId: stringFlag(parsed, "connector-id"),
    connectorPath: stringFlag(parsed, "connector") ?? ctx.brand.connectorPath,
    projectDir: stringFlag(parsed, "project"),
    machine: ctx.machine,
    load,
  });
}

/** The error for "no connector": what to pass, and the registered ids when there are several. */
export function noConnectorError(command: string, machine: MachineEnv): CliError {
  const ids = listConnectorIds(dataRoot(machine));
  const several = ids.length > 1 ? ` (registered: ${ids.join(", ")})` : "";
  return new CliError(
    `${command}: no connector resolved${several} — pass --connector-id <id> or --connector <path>, ` +
      `or run it in a folder with agent-connector.config.*`,
  );
}
