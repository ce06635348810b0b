/**
 * The connector a branded CLI (`createConnectorCli`) is bound to, by id: its
 * telemetry views scope to it unless `--connector` names another (spec §8).
 *
 * @module
 */

import type { CliContext } from "./_context.ts";

/** The branded CLI's connector id; undefined for agent-connector itself. */
export async function brandConnectorId(ctx: CliContext): Promise<string | undefined> {
  if (!ctx.brand.connectorPath) return undefined;
  const [{ resolveConnectorRef }, { loadConnector }] = await Promise.all([
    import("./_connector_ref.ts"),
    import("../io/load_connector.ts"),
  ]);
  const ref = await resolveConnectorRef({
    connectorPath: ctx.brand.connectorPath,
    machine: ctx.machine,
    load: loadConnector,
  });
  return ref?.id;
}
