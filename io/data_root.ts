/**
 * Where framework state lives: `~/.agent-connector` unless
 * `AGENT_CONNECTOR_DATA_DIR` relocates it. Host config files are never
 * relocated — only our own state.
 *
 * @module
 */

import { join } from "node:path";
import type { HostEnv } from "./host_env.ts";

/** Returns the data root for `host`. */
export function dataRoot(host: Pick<HostEnv, "home" | "env">): string {
  const override = host.env.AGENT_CONNECTOR_DATA_DIR;
  return override ? override : join(host.home, ".agent-connector");
}

/** Returns the folder holding one registered connector's state. */
export function connectorDir(root: string, connectorId: string): string {
  return join(root, "connectors", connectorId);
}
