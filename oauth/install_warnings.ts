/**
 * The install-time login warnings (spec §3 `auth`, "Related"): once, each
 * `${secret:NAME}` a login's client id then its client secret references
 * that is not set; and per login not present, a line install repeats on
 * every host entry it writes. An unreadable keystore yields one line
 * instead. No network.
 *
 * @module
 */

import { findSecretRefs } from "../core/interpolation.ts";
import { SecretError } from "../secrets/errors.ts";
import type { SecretStore } from "../secrets/types.ts";
import { storeAsOf } from "./_store_as.ts";
import type { OAuthLoginDef } from "./types.ts";

/** The login warnings, split by where install prints them. */
export interface LoginInstallWarnings {
  /** Printed once, before the per-entry lines: unset secrets, or the backend line. */
  once: string[];
  /** Printed on every host entry install writes: one per login not present. */
  perHostEntry: string[];
}

/** The warnings for `logins` (declaration order); both lists empty when all are present. */
export function loginInstallWarnings(
  logins: Record<string, OAuthLoginDef>,
  store: Pick<SecretStore, "has">,
): LoginInstallWarnings {
  const keys = Object.keys(logins);
  const once: string[] = [];
  const perHostEntry: string[] = [];
  try {
    for (const key of keys) {
      const def = logins[key];
      const names = [
        ...findSecretRefs(def.clientId),
        ...(def.clientSecret ? findSecretRefs(def.clientSecret) : []),
      ];
      for (const name of new Set(names)) {
        if (store.has(name)) continue;
        once.push(
          `login "${key}" (${def.provider}) references secret "${name}" which is not set — ` +
            `run \`secrets set ${name}\` before \`auth login ${key}\``,
        );
      }
      if (!store.has(storeAsOf(key, def))) {
        perHostEntry.push(
          `login "${key}" (${def.provider}) is not present — run \`auth login ${key}\` before the server needs it`,
        );
      }
    }
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    return {
      once: [
        `secrets backend unavailable; cannot verify login(s) ${keys.join(", ")}: ${error.message}`,
      ],
      perHostEntry: [],
    };
  }
  return { once, perHostEntry };
}
