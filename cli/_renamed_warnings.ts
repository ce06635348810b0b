/**
 * The install-time warning for a connector whose id changed under the same
 * config: the id comes from package.json (`bin`, `name`), so renaming the
 * package makes install and upgrade register the server, hooks and files
 * again under the new id while the old id's stay in every host. Said once
 * per old id, with the command that removes it; nothing is removed for the
 * user.
 *
 * @module
 */

import { resolve } from "node:path";
import { listConnectorIds, readConnectorRecord } from "../io/connector_record.ts";
import { dataRoot } from "../io/data_root.ts";
import type { MachineEnv } from "../io/machine_env.ts";

/** Installed ids other than `id` whose record names the same config module. */
export function renamedIdWarnings(
  id: string,
  modulePath: string,
  machine: MachineEnv,
  name = "agent-connector",
): string[] {
  const root = dataRoot(machine);
  const module = resolve(modulePath);
  return listConnectorIds(root)
    .filter((other) => other !== id)
    .filter((other) => {
      // An uninstalled id keeps its record (without --purge) but no installs.
      const record = readConnectorRecord(root, other);
      return record?.modulePath !== undefined && resolve(record.modulePath) === module &&
        (record.installs ?? []).length > 0;
    })
    .map((other) =>
      `connector "${other}" is still installed from this config (${module}), which now ` +
      `declares "${id}" — remove the old one: ${name} uninstall --connector-id ${other}`
    );
}
