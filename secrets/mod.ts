/**
 * Secrets in the OS keystore (spec §2.2 `${secret:NAME}`, §3 `secrets`,
 * §9.1 `openSecretStore`).
 *
 * - {@link openSecretStore}`({ connectorId })` → {@link SecretStore}: `get`,
 *   `has`, `set`, `delete`, `list`, `availability`, `selfTest` — synchronous;
 *   only `get` ever returns a value.
 * - Backends: `keychain` (macOS `/usr/bin/security`), `secret-service` (Linux
 *   `/usr/bin/secret-tool`), `credential-manager` (Windows PowerShell from
 *   `%SystemRoot%`), `file` (opt-in plaintext `<dataRoot>/secrets/file-store.json`).
 *   Selection: {@link resolveSecretBackendId}. The index
 *   `<dataRoot>/secrets/<id>.index.json` records which backend holds each name.
 * - Delivery at launch (the `serve` seam): `await secretEnvForLaunch({
 *   connectorId, secretEnvArgs, env, home, os })` with the value of every
 *   `--secret-env KEY=<template>` flag → variables for the child's
 *   environment only ({@link parseSecretEnvArg} + {@link resolveLaunchEnv}).
 *   It throws {@link SecretResolutionError} listing every unset name; serve
 *   prints {@link describeSecretFailure} and exits 1 without starting the
 *   server. The install side renders each flag with {@link formatSecretEnvArg}
 *   (`["--secret-env", formatSecretEnvArg(key, template)]` per `secretEnv` entry).
 * - Install and doctor: {@link secretInstallWarnings} (warnings, one string
 *   each) and {@link secretsDoctorCheck} (the `<id>: secrets` DiagnosticResult).
 *
 * @module
 */

export { findSecretRefs } from "../core/interpolation.ts";
export { SecretError, type SecretErrorCode, SecretResolutionError } from "./errors.ts";
export {
  assertSecretName,
  assertSecretValue,
  openSecretStore,
  type OpenSecretStoreOptions,
  SECRET_VALUE_MAX_CHARS,
} from "./store.ts";
export {
  isSecretBackendId,
  nativeSecretBackendId,
  resolveSecretBackendId,
  SECRETS_BACKEND_ENV,
} from "./select.ts";
export {
  type BackendAvailability,
  SECRET_BACKEND_IDS,
  type SecretBackendId,
  type SecretEntry,
  type SecretListEntry,
  type SecretSetOptions,
  type SecretStore,
  type SelfTestResult,
  type SelfTestStep,
} from "./types.ts";
export type { SpawnOptions, SpawnResult, SpawnSyncFn } from "./spawn.ts";
export {
  describeSecretFailure,
  formatSecretEnvArg,
  parseSecretEnvArg,
  resolveLaunchEnv,
  type ResolveLaunchEnvOptions,
  SECRET_ENV_FLAG,
  secretEnvForLaunch,
  type SecretEnvForLaunchOptions,
} from "./launch_env.ts";
export {
  connectorSecretEnv,
  type SecretEnvEntry,
  type SecretInstallCheckInput,
  secretInstallWarnings,
  secretNamesOf,
  secretsDoctorCheck,
  type SecretsDoctorInput,
} from "./install_checks.ts";
export { fileStorePath, secretsDir } from "./file_backend.ts";
export { secretIndexPath } from "./index_file.ts";
