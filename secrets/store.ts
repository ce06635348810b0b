/**
 * `openSecretStore`: a connector's secrets in the OS keystore, with the index
 * that records which backend holds each name.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import process from "node:process";
import { SECRET_NAME_PATTERN } from "../core/interpolation.ts";
import { dataRoot as defaultDataRoot } from "../io/data_root.ts";
import { currentMachineEnv, type OsName, osName } from "../io/machine_env.ts";
import { withLockFileSync } from "../io/lock.ts";
import { assertAvailable, type BackendContext, type SecretBackend } from "./_backend.ts";
import { credentialManagerBackend } from "./credential_manager.ts";
import { SecretError } from "./errors.ts";
import { fileBackend } from "./file_backend.ts";
import { readSecretIndex, writeSecretIndex } from "./index_file.ts";
import { keychainBackend } from "./keychain.ts";
import { secretServiceBackend } from "./secret_service.ts";
import { isSecretBackendId, resolveSecretBackendId } from "./select.ts";
import { nodeSpawnSync, type SpawnSyncFn } from "./spawn.ts";
import type {
  BackendAvailability,
  SecretBackendId,
  SecretEntry,
  SecretListEntry,
  SecretSetOptions,
  SecretStore,
  SelfTestResult,
  SelfTestStep,
} from "./types.ts";

/** The longest value any backend accepts, in characters (spec §2.2). */
export const SECRET_VALUE_MAX_CHARS = 8192;

/** Connector ids usable as a keystore namespace and a file name. */
const CONNECTOR_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Options of {@link openSecretStore}. Everything but `connectorId` defaults to the running process. */
export interface OpenSecretStoreOptions {
  /** The connector whose namespace to open. */
  connectorId: string;
  /** The backend `set` writes to; default `$AGENT_CONNECTOR_SECRETS_BACKEND`, else the OS keystore. */
  backend?: SecretBackendId | "auto";
  /** The data root holding the index (and the file backend); default `~/.agent-connector`. */
  dataRoot?: string;
  /** The environment: backend selection and what keystore programs see (D-Bus address, …). */
  env?: Record<string, string | undefined>;
  /** The home directory, used for the default data root. */
  home?: string;
  /** The OS to act for (`linux | darwin | win32` or a `process.platform` value). */
  platform?: string;
  /** Runs keystore programs; tests inject one to check the exact invocations. */
  spawn?: SpawnSyncFn;
  /** Tells whether a keystore program exists; tests inject one with `spawn`. */
  exists?: (path: string) => boolean;
  /** The POSIX user id (default: the process's), used to find `/run/user/<uid>/bus`. */
  uid?: number;
}

/**
 * The lock every write of a data root's secret state takes:
 * `<dataRoot>/state/secrets.lock`. An index update is a read-modify-write,
 * and so is the file backend's shared `file-store.json`; two `secrets set`
 * at once would otherwise lose one of the names. It lives beside the install
 * lock, not in `secrets/`, so a write refused before it starts leaves no
 * secrets folder behind.
 */
export function secretsLockPath(dataRoot: string): string {
  return join(dataRoot, "state", "secrets.lock");
}

/** Throws `invalid-name` unless `name` is a valid secret name. */
export function assertSecretName(name: string): void {
  if (typeof name !== "string" || !SECRET_NAME_PATTERN.test(name)) {
    throw new SecretError(
      "invalid-name",
      `"${name}" is not a valid secret name (1–64 characters: letters, digits, ".", "_" or "-", starting with a letter or digit)`,
    );
  }
}

/** Throws `invalid-value` unless `value` is non-empty, at most 8,192 characters and free of NUL. */
export function assertSecretValue(name: string, value: string): void {
  if (typeof value !== "string" || value === "") {
    throw new SecretError("invalid-value", `the value of secret "${name}" is empty`, {
      hint: "a secret needs a non-empty value; to remove one use `secrets delete`",
    });
  }
  if (value.length > SECRET_VALUE_MAX_CHARS) {
    throw new SecretError(
      "invalid-value",
      `the value of secret "${name}" is ${value.length} characters; the limit is ${SECRET_VALUE_MAX_CHARS}`,
    );
  }
  if (value.includes("\0")) {
    throw new SecretError(
      "invalid-value",
      `the value of secret "${name}" contains a NUL character, which no environment variable can carry`,
    );
  }
}

/** Replaces any occurrence of `value` in an error's message, so a keystore's output cannot leak it. */
function redacted(error: unknown, value: string): unknown {
  if (!(error instanceof Error) || value.length < 3 || !error.message.includes(value)) return error;
  const message = error.message.replaceAll(value, "[redacted]");
  if (error instanceof SecretError) {
    return new SecretError(error.code, message, error.hint ? { hint: error.hint } : undefined);
  }
  return new Error(message);
}

/**
 * Opens the secret store of one connector. Nothing runs until a method is
 * called; every method is synchronous.
 *
 * @example
 * ```ts ignore
 * import { openSecretStore } from "@ken-jo/agent-connector/sdk";
 * const store = openSecretStore({ connectorId: "acme-db" });
 * const apiKey = store.get("api-key"); // string | null
 * ```
 */
export function openSecretStore(options: OpenSecretStoreOptions): SecretStore {
  const { connectorId } = options;
  if (typeof connectorId !== "string" || !CONNECTOR_ID_PATTERN.test(connectorId)) {
    throw new SecretError("invalid-name", `"${connectorId}" is not a valid connector id`);
  }
  const needsHost = options.env === undefined ||
    (options.dataRoot === undefined && options.home === undefined);
  const machine = needsHost ? currentMachineEnv() : undefined;
  const env = options.env ?? machine!.env;
  const platform = options.platform ?? process.platform;
  const root = options.dataRoot ?? defaultDataRoot({ home: options.home ?? machine!.home, env });
  const ctx: BackendContext = {
    os: osName(platform) as OsName,
    env,
    dataRoot: root,
    spawn: options.spawn ?? nodeSpawnSync,
    exists: options.exists ?? existsSync,
  };
  const uid = options.uid ?? process.getuid?.();
  if (uid !== undefined) ctx.uid = uid;
  const defaultBackend = resolveSecretBackendId(options.backend, env, platform);
  const backends = new Map<SecretBackendId, SecretBackend>();
  const backendOf = (id: SecretBackendId): SecretBackend => {
    let backend = backends.get(id);
    if (!backend) {
      backend = id === "keychain"
        ? keychainBackend(ctx)
        : id === "secret-service"
        ? secretServiceBackend(ctx)
        : id === "credential-manager"
        ? credentialManagerBackend(ctx)
        : fileBackend(ctx);
      backends.set(id, backend);
    }
    return backend;
  };
  // Reads and writes run only the cheap checks (OS, program present) once per
  // backend: the keystore programs report a missing bus, a locked keyring or a
  // missing item themselves, and every probe costs a process start at launch.
  const checked = new Map<SecretBackendId, BackendAvailability>();
  const availabilityOf = (id: SecretBackendId): BackendAvailability =>
    backendOf(id).availability(true);
  const usable = (id: SecretBackendId): SecretBackend => {
    let answer = checked.get(id);
    if (!answer) {
      answer = backendOf(id).availability(false);
      checked.set(id, answer);
    }
    assertAvailable(answer);
    return backendOf(id);
  };
  const pickBackend = (explicit: unknown): SecretBackendId => {
    if (explicit === undefined) return defaultBackend;
    if (!isSecretBackendId(explicit)) {
      throw new SecretError("backend-unavailable", `"${explicit}" is not a secrets backend`);
    }
    return explicit;
  };
  const locked = <T>(fn: () => T): T =>
    withLockFileSync(secretsLockPath(root), fn, { activity: "secrets update" });
  const holder = (name: string): SecretBackendId =>
    readSecretIndex(root, connectorId).secrets[name]?.backend ?? defaultBackend;

  const store: SecretStore = {
    connectorId,
    backend: defaultBackend,
    get(name) {
      assertSecretName(name);
      const value = usable(holder(name)).read(connectorId, name);
      return value === null || value === "" ? null : value;
    },
    has(name) {
      return store.get(name) !== null;
    },
    set(name, value, setOptions?: SecretSetOptions) {
      assertSecretName(name);
      assertSecretValue(name, value);
      const target = pickBackend(setOptions?.backend);
      try {
        backendOf(target).checkValue(connectorId, name, value);
        usable(target);
      } catch (error) {
        throw redacted(error, value);
      }
      return locked(() => {
        const index = readSecretIndex(root, connectorId);
        const previous = index.secrets[name]?.backend;
        try {
          usable(target).write(connectorId, name, value);
        } catch (error) {
          throw redacted(error, value);
        }
        if (previous !== undefined && previous !== target) {
          try {
            usable(previous).remove(connectorId, name);
          } catch { /* the old copy stays; the index now points at the new one */ }
        }
        const updatedAt = new Date().toISOString();
        index.secrets[name] = { backend: target, updatedAt };
        writeSecretIndex(root, index);
        return { name, backend: target, updatedAt } satisfies SecretEntry;
      });
    },
    delete(name) {
      assertSecretName(name);
      return locked(() => {
        const index = readSecretIndex(root, connectorId);
        const known = index.secrets[name]?.backend;
        let removed: boolean;
        try {
          removed = usable(known ?? defaultBackend).remove(connectorId, name);
        } catch (error) {
          // A name the index does not know is not set as far as `list` can
          // tell: a default keystore that cannot be reached (no secret-tool,
          // no session bus) has nothing of ours to delete.
          if (known || !(error instanceof SecretError && error.code === "backend-unavailable")) {
            throw error;
          }
          removed = false;
        }
        if (name in index.secrets) {
          delete index.secrets[name];
          writeSecretIndex(root, index);
        }
        return removed;
      });
    },
    list() {
      const index = readSecretIndex(root, connectorId);
      return Object.entries(index.secrets).map(([name, entry]): SecretListEntry => {
        let present: boolean | null = null;
        try {
          const value = usable(entry.backend).read(connectorId, name);
          present = value !== null && value !== "";
        } catch { /* unavailable or locked: unknown */ }
        return { name, backend: entry.backend, updatedAt: entry.updatedAt || null, present };
      });
    },
    availability(backend) {
      return availabilityOf(pickBackend(backend));
    },
    selfTest(backend) {
      const id = pickBackend(backend);
      const run = () => runSelfTest(connectorId, id, availabilityOf, backendOf);
      // Only the file backend's self-test touches a shared file.
      return id === "file" ? locked(run) : run();
    },
  };
  return store;
}

function runSelfTest(
  connectorId: string,
  id: SecretBackendId,
  availabilityOf: (id: SecretBackendId) => BackendAvailability,
  backendOf: (id: SecretBackendId) => SecretBackend,
): SelfTestResult {
  const availability = availabilityOf(id);
  const result: SelfTestResult = {
    backend: id,
    availability,
    write: "skipped",
    read: "skipped",
    delete: "skipped",
    ok: false,
  };
  if (!availability.available) {
    result.error = availability.detail;
    return result;
  }
  const backend = backendOf(id);
  const suffix = randomBytes(4).toString("hex");
  const name = `agent-connector-self-test.${suffix}`;
  const value = `self-test ${randomBytes(12).toString("hex")} ✓`;
  const step = (key: "write" | "read" | "delete", action: () => boolean): boolean => {
    let outcome: SelfTestStep = "failed";
    try {
      outcome = action() ? "ok" : "failed";
      if (outcome === "failed" && !result.error) result.error = `${key} step failed`;
    } catch (error) {
      result.error = (redacted(error, value) as Error).message;
    }
    result[key] = outcome;
    return outcome === "ok";
  };
  const wrote = step("write", () => {
    backend.write(connectorId, name, value);
    return true;
  });
  if (wrote) {
    step("read", () => {
      const back = backend.read(connectorId, name);
      if (back !== value) result.error = "the value read back differs from the value written";
      return back === value;
    });
  }
  step("delete", () => backend.remove(connectorId, name) || !wrote);
  result.ok = result.write === "ok" && result.read === "ok" && result.delete === "ok";
  return result;
}
