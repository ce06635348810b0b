/**
 * The command table: one row per command, loaded lazily. Add a command by
 * writing `cli/cmd_<name>.ts` (dashes in the name become underscores) and one
 * row here. Each file is loaded with `importLazily`: a literal
 * `import("./cmd_x.ts")` would make Deno prepare every command's module graph
 * (with their npm packages) before any command runs — ~415 files opened for
 * `--version` instead of ~49.
 *
 * @module
 */

import type { CommandSpec } from "./_command.ts";
import { importLazily } from "../core/lazy_import.ts";

const ROWS: Omit<CommandSpec, "load">[] = [
  {
    name: "detect",
    summary: "list the agent hosts installed on this machine",
  },
  {
    name: "install",
    summary: "deploy the connector into every detected host",
  },
  {
    name: "upgrade",
    aliases: ["update", "sync"],
    summary: "re-render every install and refresh the home binary",
  },
  {
    name: "uninstall",
    summary: "remove the connector from every host, byte-exactly",
  },
  {
    name: "doctor",
    summary: "check the installs; --heal fixes what is fixable",
  },
  {
    name: "status",
    summary: "show which connectors each host has (always exits 0)",
  },
  {
    name: "usage",
    summary: "token usage and cost of your agent hosts, from their own logs",
  },
  {
    name: "secrets",
    summary: "store the secrets a connector references in the OS keystore",
  },
  {
    name: "auth",
    summary: "log in to the OAuth providers a connector declares",
  },
  {
    name: "package",
    summary: "write the connector as a plugin/extension bundle hosts install",
  },
  {
    name: "hook",
    summary: "run a hook handler for a host event (hosts call this)",
    hidden: true,
  },
  {
    name: "hook-serve",
    summary: "answer a plugin host's hook calls until stdin closes (plugins start this)",
    hidden: true,
  },
  {
    name: "statusline",
    summary: "render a status line for a host (hosts call this)",
    hidden: true,
  },
  {
    name: "action",
    summary: "run a connector's action for a host",
    hidden: true,
  },
  {
    name: "telemetry",
    summary: "per-tool token telemetry of your connectors: report, export, leaderboard",
  },
  {
    name: "leaderboard",
    summary: "three token leaderboards, never summed: your MCPs, your hosts, live host turns",
  },
  {
    name: "usage-event",
    summary: "record one model turn's host-reported usage (hosts call this)",
    hidden: true,
  },
  {
    name: "serve",
    summary: "run an MCP stdio server behind the token-counting proxy (hosts call this)",
    hidden: true,
  },
];

/** Every command of the CLI, in help order. */
export const COMMANDS: CommandSpec[] = ROWS.map((row) => ({
  ...row,
  load: () => importLazily(`./cmd_${row.name.replaceAll("-", "_")}.ts`, import.meta.url),
}));
