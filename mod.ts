/**
 * agent-connector: declare an MCP server, hooks and content once with
 * `defineConnector`, deploy them into every installed AI coding agent in its
 * own dialect, and measure token use.
 *
 * @module
 */

export * from "./core/types.ts";
export { ConnectorConfigError } from "./core/errors.ts";
