/**
 * The opt-in `file` backend: every connector's secrets in one JSON file,
 * `<dataRoot>/secrets/file-store.json`, in a 0700 folder, file mode 0600.
 * Values are stored in PLAINTEXT — not encrypted; the file's permissions are
 * the only protection. It is never chosen automatically.
 *
 * @module
 */

import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureDir, writeFileAtomic } from "../io/atomic_write.ts";
import { describeJsonError } from "../io/_json_error.ts";
import type { BackendContext, SecretBackend } from "./_backend.ts";
import { SecretError } from "./errors.ts";
import type { BackendAvailability } from "./types.ts";

/** The folder holding the secret index files and the file store. */
export function secretsDir(dataRoot: string): string {
  return join(dataRoot, "secrets");
}

/** The path of the plaintext file store. */
export function fileStorePath(dataRoot: string): string {
  return join(secretsDir(dataRoot), "file-store.json");
}

/** Creates the secrets folder with mode 0700 (and tightens it if it exists). */
export function ensureSecretsDir(dataRoot: string): string {
  const dir = secretsDir(dataRoot);
  ensureDir(dir, 0o700);
  chmodSync(dir, 0o700);
  return dir;
}

interface FileStore {
  version: 1;
  warning: string;
  connectors: Record<string, Record<string, string>>;
}

const WARNING = "agent-connector file backend: values below are plaintext, NOT encrypted";

function load(path: string): FileStore {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") {
      return { version: 1, warning: WARNING, connectors: {} };
    }
    throw new SecretError(
      "backend-failed",
      `file: cannot read "${path}": ${(error as Error).message}`,
    );
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SecretError(
      "backend-failed",
      `file: "${path}": ${describeJsonError(error, text)} — fix the file by hand, or move it ` +
        `aside and set the secrets again`,
    );
  }
  if (data && typeof data === "object" && data.connectors && typeof data.connectors === "object") {
    return { version: 1, warning: WARNING, connectors: data.connectors };
  }
  throw new SecretError(
    "backend-failed",
    `file: "${path}" is not a secret store written by agent-connector — move it aside and set the secrets again`,
  );
}

/** Creates the file backend. */
export function fileBackend(ctx: BackendContext): SecretBackend {
  const path = fileStorePath(ctx.dataRoot);
  const save = (store: FileStore) => {
    ensureSecretsDir(ctx.dataRoot);
    writeFileAtomic(path, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600, forceMode: true });
  };
  return {
    id: "file",
    availability(): BackendAvailability {
      return { backend: "file", available: true, detail: `${path} (plaintext, NOT encrypted)` };
    },
    checkValue() {
      // No limit beyond the store's own (non-empty, at most 8,192 characters).
    },
    read(connectorId, name) {
      const value = load(path).connectors[connectorId]?.[name];
      return typeof value === "string" ? value : null;
    },
    write(connectorId, name, value) {
      const store = load(path);
      store.connectors[connectorId] = { ...store.connectors[connectorId], [name]: value };
      save(store);
    },
    remove(connectorId, name) {
      const store = load(path);
      const entries = store.connectors[connectorId];
      if (!entries || !(name in entries)) return false;
      delete entries[name];
      if (Object.keys(entries).length === 0) delete store.connectors[connectorId];
      save(store);
      return true;
    },
  };
}
