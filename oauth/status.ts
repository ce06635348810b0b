/**
 * `loginStatus` (spec §9.1): the call behind `auth status`. Reads the
 * keystore and the metadata record only — no network.
 *
 * @module
 */

import { SecretError } from "../secrets/errors.ts";
import { openEngine } from "./_context.ts";
import { storeAsOf } from "./_store_as.ts";
import { readLoginMetadata } from "./metadata.ts";
import type { LoginStatus, LoginStatusOptions } from "./types.ts";

/**
 * One row per declared login: whether its refresh token is stored (null when
 * the keystore cannot be read) and what the metadata file records. No network.
 *
 * @example
 * ```ts ignore
 * import { loginStatus } from "@ken-jo/agent-connector/sdk";
 * for (const row of loginStatus({ connectorId: "acme", logins: connector.oauth })) console.log(row.key, row.present);
 * ```
 */
export function loginStatus(options: LoginStatusOptions): LoginStatus[] {
  const ctx = openEngine(options);
  const meta = readLoginMetadata(ctx.dataRoot, options.connectorId);
  return Object.entries(options.logins).map(([key, def]) => {
    let present: boolean | null;
    try {
      present = ctx.store.has(storeAsOf(key, def));
    } catch (error) {
      if (!(error instanceof SecretError)) throw error;
      present = null;
    }
    const record = meta.logins[key];
    const row: LoginStatus = { key, provider: def.provider, present };
    if (record) {
      row.backend = record.backend;
      row.obtainedAt = record.obtainedAt;
      row.obtainedVia = record.obtainedVia;
      row.scope = record.scope;
      if (record.revokedAt) row.revokedAt = record.revokedAt;
    }
    return row;
  });
}
