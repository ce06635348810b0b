/**
 * Where framework state lives: `~/.agent-connector` unless
 * `AGENT_CONNECTOR_DATA_DIR` relocates it. Host config files are never
 * relocated — only our own state.
 *
 * @module
 */

import { join } from "node:path";
import type { MachineEnv } from "./machine_env.ts";

/** Returns the data root for `machine`. */
export function dataRoot(machine: Pick<MachineEnv, "home" | "env">): string {
  const override = machine.env.AGENT_CONNECTOR_DATA_DIR;
  return override ? override : join(machine.home, ".agent-connector");
}

/** Returns the folder holding one registered connector's state. */
export function connectorDir(root: string, connectorId: string): string {
  return join(root, "connectors", connectorId);
}
