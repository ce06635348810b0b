/**
 * Which backend `set` writes to: `--backend`, else
 * `$AGENT_CONNECTOR_SECRETS_BACKEND` (`auto` meaning the OS default), else the
 * OS-native keystore. The `file` backend is never picked automatically.
 *
 * @module
 */

import process from "node:process";
import { SecretError } from "./errors.ts";
import { SECRET_BACKEND_IDS, type SecretBackendId } from "./types.ts";

/** The environment variable that picks the default backend. */
export const SECRETS_BACKEND_ENV = "AGENT_CONNECTOR_SECRETS_BACKEND";

/** True when `value` names a backend. */
export function isSecretBackendId(value: unknown): value is SecretBackendId {
  return typeof value === "string" && (SECRET_BACKEND_IDS as readonly string[]).includes(value);
}

/**
 * The OS keystore of `platform` (a `process.platform` value or `linux |
 * darwin | win32`): keychain on macOS, credential-manager on Windows,
 * secret-service on Linux. Other platforms throw `unsupported-platform`.
 */
export function nativeSecretBackendId(platform: string = process.platform): SecretBackendId {
  if (platform === "darwin") return "keychain";
  if (platform === "win32") return "credential-manager";
  // Secret Service (libsecret's secret-tool) is the desktop keystore of Linux and the BSDs.
  if (["linux", "android", "freebsd", "openbsd", "netbsd"].includes(platform)) {
    return "secret-service";
  }
  throw new SecretError(
    "unsupported-platform",
    `no OS keystore is known for platform "${platform}"`,
    { hint: "use --backend file (plaintext) or set AGENT_CONNECTOR_SECRETS_BACKEND=file" },
  );
}

/**
 * Applies the `set` selection rule: `explicit` (a `--backend` value), else the
 * `AGENT_CONNECTOR_SECRETS_BACKEND` value found in `env` (a whole environment
 * or the variable's value), else the OS-native backend of `platform`.
 * `auto` (or an empty value) means the OS-native backend; any other unknown
 * name throws SecretError `backend-unavailable` naming the valid ones.
 *
 * @example
 * ```ts
 * import { resolveSecretBackendId } from "./select.ts";
 * resolveSecretBackendId(undefined, { AGENT_CONNECTOR_SECRETS_BACKEND: "file" }, "linux"); // "file"
 * resolveSecretBackendId(undefined, {}, "darwin"); // "keychain"
 * ```
 */
export function resolveSecretBackendId(
  explicit?: string,
  env?: string | Record<string, string | undefined>,
  platform: string = process.platform,
): SecretBackendId {
  const fromEnv = typeof env === "string" ? env : env?.[SECRETS_BACKEND_ENV];
  const pick = (value: string | undefined, source: string): SecretBackendId | undefined => {
    const trimmed = value?.trim();
    if (!trimmed || trimmed === "auto") return undefined;
    if (isSecretBackendId(trimmed)) return trimmed;
    throw new SecretError(
      "backend-unavailable",
      `${source} "${trimmed}" is not a secrets backend (expected ${
        [...SECRET_BACKEND_IDS, "auto"].join(", ")
      })`,
    );
  };
  return pick(explicit, "--backend") ?? pick(fromEnv, SECRETS_BACKEND_ENV) ??
    nativeSecretBackendId(platform);
}
