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
    name: "usage",
    summary: "token usage and cost of your agent hosts, from their own logs",
    load: () => import("./cmd_usage.ts"),
  },
  {
    name: "secrets",
    summary: "store the secrets a connector references in the OS keystore",
    load: () => import("./cmd_secrets.ts"),
  },
];
