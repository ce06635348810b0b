/**
 * The doctor check `<id>: logins` (spec §3 `auth`, "Related"): pass `<n>
 * login(s) present`; warn when a login references a `${secret:NAME}` client
 * id or secret that is not set (reported before absent logins, which are
 * named only when no referenced secret is missing); warn `not logged in`.
 * No network. Undefined for a connector without `oauth`.
 *
 * @module
 */

import { findSecretRefs } from "../core/interpolation.ts";
import type { DiagnosticResult } from "../core/platform_types.ts";
import { SecretError } from "../secrets/errors.ts";
import type { SecretStore } from "../secrets/types.ts";
import { storeAsOf } from "./_store_as.ts";
import type { OAuthLoginDef } from "./types.ts";

/** What the check reads. */
export interface LoginsDoctorInput {
  /** The connector checked. */
  connectorId: string;
  /** Its `oauth` map, in declaration order. */
  logins: Record<string, OAuthLoginDef>;
  /** Its secret store. */
  store: Pick<SecretStore, "has">;
}

/** Runs the check; undefined when the connector declares no login. */
export function loginsDoctorCheck(input: LoginsDoctorInput): DiagnosticResult | undefined {
  const { connectorId, logins, store } = input;
  const keys = Object.keys(logins);
  if (keys.length === 0) return undefined;
  const check = `${connectorId}: logins`;
  try {
    const missingKeys: string[] = [];
    const missingNames: string[] = [];
    for (const key of keys) {
      const def = logins[key];
      const names = [
        ...findSecretRefs(def.clientId),
        ...(def.clientSecret ? findSecretRefs(def.clientSecret) : []),
      ];
      let keyMissing = false;
      for (const name of names) {
        if (store.has(name)) continue;
        keyMissing = true;
        if (!missingNames.includes(name)) missingNames.push(name);
      }
      if (keyMissing) missingKeys.push(key);
    }
    if (missingNames.length > 0) {
      return {
        check,
        status: "warn",
        message: `secrets not set for login(s) ${missingKeys.join(", ")}: ${
          missingNames.join(", ")
        } — run secrets set <name>`,
        fix: `run \`secrets set <name> --connector-id ${connectorId}\` for each of: ${
          missingNames.join(", ")
        }`,
      };
    }
    const absent = keys.filter((key) => !store.has(storeAsOf(key, logins[key])));
    if (absent.length > 0) {
      return {
        check,
        status: "warn",
        message: `not logged in: ${absent.join(", ")} — run auth login <key>`,
        fix: `run \`auth login <key> --connector-id ${connectorId}\` for each of: ${
          absent.join(", ")
        }`,
      };
    }
    return { check, status: "pass", message: `${keys.length} login(s) present` };
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    return {
      check,
      status: "warn",
      message: `secrets backend unavailable; cannot verify login(s) ${
        keys.join(", ")
      }: ${error.message}`,
      ...(error.hint ? { fix: error.hint } : {}),
    };
  }
}
