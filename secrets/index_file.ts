/**
 * The per-connector secret index, `<dataRoot>/secrets/<id>.index.json`: which
 * backend holds each name and when it was written. Names only — never values.
 * Reads follow it, so a secret set with `--backend file` is found again
 * without repeating the flag.
 *
 * @module
 */

import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { describeJsonError } from "../io/_json_error.ts";
import { SecretError } from "./errors.ts";
import { ensureSecretsDir, secretsDir } from "./file_backend.ts";
import { isSecretBackendId } from "./select.ts";
import type { SecretBackendId } from "./types.ts";

/** One indexed name. */
export interface SecretIndexEntry {
  /** The backend holding the value. */
  backend: SecretBackendId;
  /** When it was last written (ISO 8601). */
  updatedAt: string;
}

/** The content of one index file. */
export interface SecretIndex {
  /** Format version. */
  version: 1;
  /** The connector the names belong to. */
  connectorId: string;
  /** Indexed names, in insertion order. */
  secrets: Record<string, SecretIndexEntry>;
}

/** The path of a connector's secret index. */
export function secretIndexPath(dataRoot: string, connectorId: string): string {
  return join(secretsDir(dataRoot), `${connectorId}.index.json`);
}

/** Reads a connector's index; an absent file is an empty index. */
export function readSecretIndex(dataRoot: string, connectorId: string): SecretIndex {
  const path = secretIndexPath(dataRoot, connectorId);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") {
      return { version: 1, connectorId, secrets: {} };
    }
    throw new SecretError("backend-failed", `cannot read "${path}": ${(error as Error).message}`);
  }
  const secrets: Record<string, SecretIndexEntry> = {};
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SecretError(
      "backend-failed",
      `"${path}": ${describeJsonError(error, text)} — fix the file by hand (it holds names and ` +
        `backends only, never values), or delete it and set the secrets again`,
    );
  }
  try {
    if (!data || typeof data.secrets !== "object" || data.secrets === null) throw new Error();
    for (const [name, entry] of Object.entries(data.secrets as Record<string, unknown>)) {
      const e = entry as Partial<SecretIndexEntry> | null;
      if (!e || !isSecretBackendId(e.backend)) throw new Error();
      secrets[name] = {
        backend: e.backend,
        updatedAt: typeof e.updatedAt === "string" ? e.updatedAt : "",
      };
    }
  } catch {
    throw new SecretError(
      "backend-failed",
      `"${path}" is not a secrets index written by agent-connector — delete it and set the secrets again`,
    );
  }
  return { version: 1, connectorId, secrets };
}

/** Writes a connector's index atomically (0600); an empty index removes the file. */
export function writeSecretIndex(dataRoot: string, index: SecretIndex): void {
  const path = secretIndexPath(dataRoot, index.connectorId);
  if (Object.keys(index.secrets).length === 0) {
    rmSync(path, { force: true });
    return;
  }
  ensureSecretsDir(dataRoot);
  writeFileAtomic(path, `${JSON.stringify(index, null, 2)}\n`, { mode: 0o600, forceMode: true });
}
