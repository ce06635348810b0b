/**
 * Where a CLI command opens a connector's secret store: the user the CLI
 * context describes (data root, environment, home, OS). Commands that touch
 * the keystore (secrets, auth, doctor, install's warnings) all open it so.
 *
 * @module
 */

import { dataRoot } from "../io/data_root.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import type { OpenSecretStoreOptions } from "../secrets/store.ts";

/** The `openSecretStore` options for `connectorId` on `machine`. */
export function storeOptions(machine: MachineEnv, connectorId: string): OpenSecretStoreOptions {
  return {
    connectorId,
    dataRoot: dataRoot(machine),
    env: machine.env,
    home: machine.home,
    platform: machine.os,
  };
}
