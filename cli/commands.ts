/**
 * The command table: one row per command, loaded lazily. Add a command by
 * writing `cli/cmd_<name>.ts` and one row here, loading it with
 * `importLazily`: a literal `import("./cmd_x.ts")` would make Deno prepare
 * every command's module graph (with their npm packages) before any command
 * runs — ~415 files opened for `--version` instead of ~49.
 *
 * @module
 */

import type { CommandSpec } from "./_command.ts";
import { importLazily } from "../core/lazy_import.ts";

/** Every command of the CLI, in help order. */
export const COMMANDS: CommandSpec[] = [
  {
    name: "detect",
    summary: "list the agent hosts installed on this machine",
    load: () => importLazily("./cmd_detect.ts", import.meta.url),
  },
  {
    name: "install",
    summary: "deploy the connector into every detected host",
    load: () => importLazily("./cmd_install.ts", import.meta.url),
  },
  {
    name: "upgrade",
    aliases: ["update", "sync"],
    summary: "re-render every install and refresh the home binary",
    load: () => importLazily("./cmd_upgrade.ts", import.meta.url),
  },
  {
    name: "uninstall",
    summary: "remove the connector from every host, byte-exactly",
    load: () => importLazily("./cmd_uninstall.ts", import.meta.url),
  },
  {
    name: "doctor",
    summary: "check the installs; --heal fixes what is fixable",
    load: () => importLazily("./cmd_doctor.ts", import.meta.url),
  },
  {
    name: "status",
    summary: "show which connectors each host has (always exits 0)",
    load: () => importLazily("./cmd_status.ts", import.meta.url),
  },
  {
    name: "usage",
    summary: "token usage and cost of your agent hosts, from their own logs",
    load: () => importLazily("./cmd_usage.ts", import.meta.url),
  },
  {
    name: "secrets",
    summary: "store the secrets a connector references in the OS keystore",
    load: () => importLazily("./cmd_secrets.ts", import.meta.url),
  },
  {
    name: "hook",
    summary: "run a hook handler for a host event (hosts call this)",
    hidden: true,
    load: () => importLazily("./cmd_hook.ts", import.meta.url),
  },
  {
    name: "statusline",
    summary: "render a status line for a host (hosts call this)",
    hidden: true,
    load: () => importLazily("./cmd_statusline.ts", import.meta.url),
  },
  {
    name: "action",
    summary: "run a connector's action for a host",
    hidden: true,
    load: () => importLazily("./cmd_action.ts", import.meta.url),
  },
  {
    name: "telemetry",
    summary: "per-tool token telemetry of your connectors: report, export, leaderboard",
    load: () => importLazily("./cmd_telemetry.ts", import.meta.url),
  },
  {
    name: "leaderboard",
    summary: "three token leaderboards, never summed: your MCPs, your hosts, live host turns",
    load: () => importLazily("./cmd_leaderboard.ts", import.meta.url),
  },
  {
    name: "usage-event",
    summary: "record one model turn's host-reported usage (hosts call this)",
    hidden: true,
    load: () => importLazily("./cmd_usage_event.ts", import.meta.url),
  },
  {
    name: "serve",
    summary: "run an MCP stdio server behind the token-counting proxy (hosts call this)",
    hidden: true,
    load: () => importLazily("./cmd_serve.ts", import.meta.url),
  },
];
