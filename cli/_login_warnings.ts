/**
 * The install-time login warnings (oauth/install_warnings.ts), computed only
 * when the connector declares `oauth` logins, so a plain install never
 * touches the keystore for them. Unset secrets are warned once; a login not
 * present is warned on every host entry install writes (spec §3 `auth`,
 * "Related"), as a `!` record of that host.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import { importLazily } from "../core/lazy_import.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import type { HostRun } from "../install/pipeline.ts";
import type { LoginInstallWarnings } from "../oauth/install_warnings.ts";
import { storeOptions } from "./_store_options.ts";

export type { LoginInstallWarnings };

/** The warnings to print after installing `connector`. */
export async function loginWarnings(
  connector: ResolvedConnector,
  machine: MachineEnv,
): Promise<LoginInstallWarnings> {
  const logins = connector.oauth ?? {};
  if (Object.keys(logins).length === 0) return { once: [], perHostEntry: [] };
  const [{ loginInstallWarnings }, { openSecretStore }] = await Promise.all([
    importLazily<typeof import("../oauth/install_warnings.ts")>(
      "../oauth/install_warnings.ts",
      import.meta.url,
    ),
    import("../secrets/store.ts"),
  ]);
  const store = openSecretStore(storeOptions(machine, connector.id));
  return loginInstallWarnings(logins, store);
}

/**
 * The `warn` records of `warnings` after a run: the once-lines (unset
 * secrets) first, then each login line for every host entry the run wrote
 * (a host run with a created, updated or unchanged record).
 */
export function loginRecords(
  hosts: readonly HostRun[],
  warnings: LoginInstallWarnings,
): ChangeRecord[] {
  const once = warnings.once.map((detail): ChangeRecord => ({
    platform: "synthetic",
    action: "warn",
    detail,
  }));
  const written = hosts.filter((h) =>
    h.records.some((r) => r.action === "create" || r.action === "update" || r.action === "skip")
  );
  return [
    ...once,
    ...written.flatMap((h) =>
      warnings.perHostEntry.map((detail): ChangeRecord => ({
        platform: h.platform as ChangeRecord["platform"],
        action: "warn",
        detail,
      }))
    ),
  ];
}
