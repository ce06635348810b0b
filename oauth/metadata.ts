/**
 * The non-secret login record `<dataRoot>/oauth/<id>.json` (spec §3 `auth`):
 * `{ version: 1, connectorId, logins: { <key>: { provider, scope,
 * obtainedAt, obtainedVia, expiresAt?, revokedAt?, storeAs, backend } } }`,
 * written 0600 atomically. It never holds a token.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureDir, writeFileAtomic } from "../io/atomic_write.ts";
import type { SecretBackendId } from "../secrets/types.ts";
import type { ObtainedVia } from "./types.ts";

/** One login's record. */
export interface LoginRecord {
  /** The preset. */
  provider: string;
  /** The granted (else requested) scope. */
  scope: string;
  /** ISO time of the login. */
  obtainedAt: string;
  /** The flow that ran. */
  obtainedVia: ObtainedVia;
  /** ISO time the first access token expired. */
  expiresAt?: string;
  /** ISO time the provider rejected the stored refresh token. */
  revokedAt?: string;
  /** The secret name holding the refresh token. */
  storeAs: string;
  /** The backend holding it. */
  backend: SecretBackendId;
}

/** The whole file. */
export interface LoginMetadata {
  /** Format version: 1. */
  version: 1;
  /** The connector id. */
  connectorId: string;
  /** Records by login key. */
  logins: Record<string, LoginRecord>;
}

/** `<dataRoot>/oauth/<id>.json`. */
export function loginMetadataPath(dataRoot: string, connectorId: string): string {
  return join(dataRoot, "oauth", `${connectorId}.json`);
}

/** Reads the record; an empty one when the file is missing or unreadable JSON. */
export function readLoginMetadata(dataRoot: string, connectorId: string): LoginMetadata {
  const empty: LoginMetadata = { version: 1, connectorId, logins: {} };
  let text: string;
  try {
    text = readFileSync(loginMetadataPath(dataRoot, connectorId), "utf8");
  } catch {
    return empty;
  }
  try {
    const parsed = JSON.parse(text);
    if (
      parsed && typeof parsed === "object" && parsed.logins && typeof parsed.logins === "object"
    ) {
      return { version: 1, connectorId, logins: parsed.logins };
    }
  } catch { /* rewritten on the next login */ }
  return empty;
}

function write(dataRoot: string, meta: LoginMetadata): void {
  const path = loginMetadataPath(dataRoot, meta.connectorId);
  ensureDir(join(dataRoot, "oauth"), 0o700);
  writeFileAtomic(path, JSON.stringify(meta, null, 2) + "\n", { mode: 0o600, forceMode: true });
}

/** Sets one login's record. */
export function saveLoginRecord(
  dataRoot: string,
  connectorId: string,
  key: string,
  record: LoginRecord,
): void {
  const meta = readLoginMetadata(dataRoot, connectorId);
  meta.logins[key] = record;
  write(dataRoot, meta);
}

/** Marks a login's refresh token as rejected by the provider. */
export function markLoginRevoked(dataRoot: string, connectorId: string, key: string): void {
  const meta = readLoginMetadata(dataRoot, connectorId);
  const record = meta.logins[key];
  if (!record) return;
  record.revokedAt = new Date().toISOString();
  write(dataRoot, meta);
}

/** Removes one login's record; true when there was one. */
export function removeLoginRecord(dataRoot: string, connectorId: string, key: string): boolean {
  const meta = readLoginMetadata(dataRoot, connectorId);
  if (!(key in meta.logins)) return false;
  delete meta.logins[key];
  write(dataRoot, meta);
  return true;
}
