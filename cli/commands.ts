/**
 * The command table: one row per command, loaded lazily. Add a command by
 * writing `cli/cmd_<name>.ts` and one row here.
 *
 * @module
 */

import type { CommandSpec } from "./_command.ts";

/** Every command of the CLI, in help order. */
export const COMMANDS: CommandSpec[] = [
  {
    name: "detect",
    summary: "list the agent hosts installed on this machine",
    load: () => import("./cmd_detect.ts"),
  },
  {
    name: "install",
    summary: "deploy the connector into every detected host",
    load: () => import("./cmd_install.ts"),
  },
  {
    name: "upgrade",
    aliases: ["update", "sync"],
    summary: "re-render every install and refresh the home binary",
    load: () => import("./cmd_upgrade.ts"),
  },
  {
    name: "uninstall",
    summary: "remove the connector from every host, byte-exactly",
    load: () => import("./cmd_uninstall.ts"),
  },
  {
    name: "doctor",
    summary: "check the installs; --heal fixes what is fixable",
    load: () => import("./cmd_doctor.ts"),
  },
  {
    name: "status",
    summary: "show which connectors each host has (always exits 0)",
    load: () => import("./cmd_status.ts"),
  },
  {
    name: "usage",
    summary: "token usage and cost of your agent hosts, from their own logs",
    load: () => import("./cmd_usage.ts"),
  },
  {
    name: "secrets",
    summary: "store the secrets a connector references in the OS keystore",
    load: () => import("./cmd_secrets.ts"),
  },
  {
    name: "hook",
    summary: "run a hook handler for a host event (hosts call this)",
    hidden: true,
    load: () => import("./cmd_hook.ts"),
  },
  {
    name: "statusline",
    summary: "render a status line for a host (hosts call this)",
    hidden: true,
    load: () => import("./cmd_statusline.ts"),
  },
  {
    name: "action",
    summary: "run a connector's action for a host",
    hidden: true,
    load: () => import("./cmd_action.ts"),
  },
  {
    name: "telemetry",
    summary: "per-tool token telemetry of your connectors: report, export, leaderboard",
    load: () => import("./cmd_telemetry.ts"),
  },
  {
    name: "leaderboard",
    summary: "three token leaderboards, never summed: your MCPs, your hosts, live host turns",
    load: () => import("./cmd_leaderboard.ts"),
  },
  {
    name: "usage-event",
    summary: "record one model turn's host-reported usage (hosts call this)",
    hidden: true,
    load: () => import("./cmd_usage_event.ts"),
  },
  {
    name: "serve",
    summary: "run an MCP stdio server behind the token-counting proxy (hosts call this)",
    hidden: true,
    load: () => import("./cmd_serve.ts"),
  },
];
