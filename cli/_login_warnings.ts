/**
 * The install-time login warnings (oauth/install_warnings.ts), computed only
 * when the connector declares `oauth` logins, so a plain install never
 * touches the keystore for them.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import { importLazily } from "../core/lazy_import.ts";
import type { HostEnv } from "../io/host_env.ts";
import { storeOptions } from "./_store_options.ts";

/** The warnings to print after installing `connector`. */
export async function loginWarnings(
  connector: ResolvedConnector,
  host: HostEnv,
): Promise<string[]> {
  const logins = connector.oauth ?? {};
  if (Object.keys(logins).length === 0) return [];
  const [{ loginInstallWarnings }, { openSecretStore }] = await Promise.all([
    importLazily<typeof import("../oauth/install_warnings.ts")>(
      "../oauth/install_warnings.ts",
      import.meta.url,
    ),
    import("../secrets/store.ts"),
  ]);
  const store = openSecretStore(storeOptions(host, connector.id));
  return loginInstallWarnings(logins, store);
}
