/**
 * The non-secret login record `<dataRoot>/oauth/<id>.json` (spec §3 `auth`):
 * `{ version: 1, connectorId, logins: { <key>: { provider, scope,
 * obtainedAt, obtainedVia, expiresAt?, revokedAt?, storeAs, backend } } }`,
 * written 0600 atomically under the lock `<id>.json.lock`, so two processes
 * updating different logins never lose each other's entry. It never holds a
 * token. {@link withTokenLock} serializes what changes a stored refresh token
 * (refresh, login, logout) across processes.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureDir, writeFileAtomic } from "../io/atomic_write.ts";
import { acquireLock, withLockFileSync } from "../io/lock.ts";
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
  writeFileAtomic(path, JSON.stringify(meta, null, 2) + "\n", { mode: 0o600, forceMode: true });
}

/** How long a login waits for another process's lock. */
const LOCK_WAIT_MS = 30_000;

/** Read-modify-write of the file under its lock; `change` returns false to write nothing. */
function update(
  dataRoot: string,
  connectorId: string,
  change: (meta: LoginMetadata) => boolean,
): boolean {
  ensureDir(join(dataRoot, "oauth"), 0o700);
  const path = loginMetadataPath(dataRoot, connectorId);
  return withLockFileSync(`${path}.lock`, () => {
    const meta = readLoginMetadata(dataRoot, connectorId);
    if (!change(meta)) return false;
    write(dataRoot, meta);
    return true;
  }, { waitMs: LOCK_WAIT_MS, activity: "login update" });
}

/** Sets one login's record. */
export function saveLoginRecord(
  dataRoot: string,
  connectorId: string,
  key: string,
  record: LoginRecord,
): void {
  update(dataRoot, connectorId, (meta) => {
    meta.logins[key] = record;
    return true;
  });
}

/** Marks a login's refresh token as rejected by the provider. */
export function markLoginRevoked(dataRoot: string, connectorId: string, key: string): void {
  update(dataRoot, connectorId, (meta) => {
    const record = meta.logins[key];
    if (!record) return false;
    record.revokedAt = new Date().toISOString();
    return true;
  });
}

/** Removes one login's record; true when there was one. */
export function removeLoginRecord(dataRoot: string, connectorId: string, key: string): boolean {
  return update(dataRoot, connectorId, (meta) => {
    if (!(key in meta.logins)) return false;
    delete meta.logins[key];
    return true;
  });
}

/**
 * Runs `fn` holding the connector's token lock `<dataRoot>/oauth/<id>.lock`:
 * a refresh reads the stored refresh token, exchanges it and stores the
 * rotated one inside it, so a second process refreshing at the same moment
 * uses the rotated token instead of replaying the old one (which a provider
 * with reuse detection answers by revoking the whole grant).
 */
export async function withTokenLock<T>(
  dataRoot: string,
  connectorId: string,
  fn: () => Promise<T>,
): Promise<T> {
  ensureDir(join(dataRoot, "oauth"), 0o700);
  const lock = await acquireLock(
    join(dataRoot, "oauth", `${connectorId}.lock`),
    LOCK_WAIT_MS,
    "login refresh",
  );
  try {
    return await fn();
  } finally {
    lock.release();
  }
}
