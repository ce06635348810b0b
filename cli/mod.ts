/**
 * The CLI as a library: run it in-process or build a branded CLI.
 *
 * @module
 */

export { runCli } from "./run.ts";
export type { CliBrand, CliContext, TextSink } from "./_context.ts";
export { findConnectorConfig, loadConnector } from "../io/load_connector.ts";
export type { LoadConnectorOptions, LoadedConnector } from "../io/load_connector.ts";
export { processContext } from "./_context.ts";
export type { MachineEnv, OsName } from "../io/machine_env.ts";
export type { CommandModule, CommandSpec } from "./_command.ts";
export { binNameOf, createConnectorCli } from "./create_connector_cli.ts";
export type { ConnectorCli, ConnectorCliOptions } from "./create_connector_cli.ts";
