/**
 * Where a CLI command opens a connector's secret store: the user the CLI
 * context describes (data root, environment, home, OS). Commands that touch
 * the keystore (secrets, auth, doctor, install's warnings) all open it so.
 *
 * @module
 */

import { dataRoot } from "../io/data_root.ts";
import type { HostEnv } from "../io/host_env.ts";
import type { OpenSecretStoreOptions } from "../secrets/store.ts";

/** The `openSecretStore` options for `connectorId` under `host`. */
export function storeOptions(host: HostEnv, connectorId: string): OpenSecretStoreOptions {
  return {
    connectorId,
    dataRoot: dataRoot(host),
    env: host.env,
    home: host.home,
    platform: host.os,
  };
}
