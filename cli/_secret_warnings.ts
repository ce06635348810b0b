/**
 * The install-time secret warnings (secrets/install_checks.ts), computed
 * only when the connector references secrets, or registers its id from a
 * new module while secrets are stored under it, so a plain install never
 * touches the keystore.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import { readConnectorRecord } from "../io/connector_record.ts";
import { dataRoot } from "../io/data_root.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { storeOptions } from "./_store_options.ts";

/**
 * The warnings to print after installing `connector` from `modulePath`;
 * with `platforms` (`--targets`), only those hosts' overrides count.
 */
export async function secretWarnings(
  connector: ResolvedConnector,
  modulePath: string,
  machine: MachineEnv,
  platforms?: readonly string[],
): Promise<string[]> {
  const { connectorSecretEnv, secretInstallWarnings } = await import(
    "../secrets/install_checks.ts"
  );
  const root = dataRoot(machine);
  const previousModulePath = readConnectorRecord(root, connector.id)?.modulePath;
  // The id-reuse warning is about secrets stored under the id, whether or
  // not this module references them yet; the index says so without the keystore.
  const moved = previousModulePath !== undefined && previousModulePath !== modulePath;
  const references = connectorSecretEnv(connector, platforms).length > 0;
  if (!references && !moved) return [];
  if (!references) {
    const { readSecretIndex } = await import("../secrets/index_file.ts");
    let names: string[] = [];
    try {
      names = Object.keys(readSecretIndex(root, connector.id).secrets);
    } catch { /* an unreadable index: nothing to warn about */ }
    if (names.length === 0) return [];
  }
  const { openSecretStore } = await import("../secrets/store.ts");
  const store = openSecretStore(storeOptions(machine, connector.id));
  return secretInstallWarnings({
    connector,
    store,
    env: machine.env,
    modulePath,
    ...(previousModulePath !== undefined ? { previousModulePath } : {}),
    ...(platforms ? { platforms } : {}),
  });
}
