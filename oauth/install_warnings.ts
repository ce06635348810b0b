/**
 * The install-time login warnings (spec §3 `auth`, "Related"): per login,
 * first each `${secret:NAME}` its client id then its client secret
 * references that is not set, then the login itself when it is not present.
 * An unreadable keystore yields one line instead. No network.
 *
 * @module
 */

import { findSecretRefs } from "../core/interpolation.ts";
import { SecretError } from "../secrets/errors.ts";
import type { SecretStore } from "../secrets/types.ts";
import { storeAsOf } from "./_store_as.ts";
import type { OAuthLoginDef } from "./types.ts";

/** The warnings for `logins` (declaration order); empty when all are present. */
export function loginInstallWarnings(
  logins: Record<string, OAuthLoginDef>,
  store: Pick<SecretStore, "has">,
): string[] {
  const keys = Object.keys(logins);
  const out: string[] = [];
  try {
    for (const key of keys) {
      const def = logins[key];
      const names = [
        ...findSecretRefs(def.clientId),
        ...(def.clientSecret ? findSecretRefs(def.clientSecret) : []),
      ];
      for (const name of new Set(names)) {
        if (store.has(name)) continue;
        out.push(
          `login "${key}" (${def.provider}) references secret "${name}" which is not set — ` +
            `run \`secrets set ${name}\` before \`auth login ${key}\``,
        );
      }
      if (!store.has(storeAsOf(key, def))) {
        out.push(
          `login "${key}" (${def.provider}) is not present — run \`auth login ${key}\` before the server needs it`,
        );
      }
    }
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    return [
      `secrets backend unavailable; cannot verify login(s) ${keys.join(", ")}: ${error.message}`,
    ];
  }
  return out;
}
