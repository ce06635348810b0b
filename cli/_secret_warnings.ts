/**
 * The install-time secret warnings (secrets/install_checks.ts), computed
 * only when the connector references secrets so a plain install never
 * touches the keystore.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import { readConnectorRecord } from "../io/connector_record.ts";
import { dataRoot } from "../io/data_root.ts";
import type { HostEnv } from "../io/host_env.ts";

/** The warnings to print after installing `connector` from `modulePath`. */
export async function secretWarnings(
  connector: ResolvedConnector,
  modulePath: string,
  host: HostEnv,
): Promise<string[]> {
  const { connectorSecretEnv, secretInstallWarnings } = await import(
    "../secrets/install_checks.ts"
  );
  if (connectorSecretEnv(connector).length === 0) return [];
  const { openSecretStore } = await import("../secrets/store.ts");
  const root = dataRoot(host);
  const store = openSecretStore({
    connectorId: connector.id,
    dataRoot: root,
    env: host.env,
    home: host.home,
    platform: host.os,
  });
  return secretInstallWarnings({
    connector,
    store,
    env: host.env,
    modulePath,
    previousModulePath: readConnectorRecord(root, connector.id)?.modulePath,
  });
}
