/**
 * Pure checks the install pipeline and `doctor` run for a connector's
 * secrets (spec §3 `secrets`, "Related"). They read the store but never write,
 * and no message contains a value.
 *
 * - {@link connectorSecretEnv}: every secret-bearing env entry, base server and
 *   per-host overrides, with where it was declared.
 * - {@link secretInstallWarnings}: the `install` warnings — one per unset
 *   name, one per unset defaultless `${env:VAR}` inside a secret-bearing
 *   value, and the id-reuse warning. Call it once per install (not per host)
 *   and print each message as a warning; each warning makes install exit 1.
 * - {@link secretsDoctorCheck}: the framework check `<id>: secrets`
 *   (pass / warn; never FAIL; `--heal` leaves it alone).
 *
 * @module
 */

import type { DiagnosticResult } from "../core/platform_types.ts";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { findEnvRefs, findSecretRefs } from "../core/interpolation.ts";
import { SecretError } from "./errors.ts";
import type { SecretBackendId, SecretStore } from "./types.ts";

/** One env entry that references a secret. */
export interface SecretEnvEntry {
  /** Where it is declared: `server.env.KEY` or `platforms.<host>.server.env.KEY`. */
  where: string;
  /** The host override it comes from; absent for the base server. */
  platform?: string;
  /** The environment variable the server receives. */
  envKey: string;
  /** The value template (`${secret:NAME}` possibly inside `${env:VAR}` text). */
  template: string;
}

/**
 * Lists the secret-bearing env entries of `connector`: the base server's
 * `secretEnv`, then each host override's, optionally only for `platforms`.
 */
export function connectorSecretEnv(
  connector: Pick<ResolvedConnector, "server" | "platforms">,
  platforms?: readonly string[],
): SecretEnvEntry[] {
  const out: SecretEnvEntry[] = [];
  for (const [envKey, template] of Object.entries(connector.server?.secretEnv ?? {})) {
    out.push({ where: `server.env.${envKey}`, envKey, template });
  }
  for (const [platform, override] of Object.entries(connector.platforms ?? {})) {
    if (platforms && !platforms.includes(platform)) continue;
    const server = override?.server;
    if (!server || typeof server !== "object") continue;
    for (const [envKey, template] of Object.entries(server.secretEnv ?? {})) {
      out.push({ where: `platforms.${platform}.server.env.${envKey}`, platform, envKey, template });
    }
  }
  return out;
}

/** The secret names `entries` reference, once each, in first-seen order. */
export function secretNamesOf(entries: readonly SecretEnvEntry[]): string[] {
  const names: string[] = [];
  for (const entry of entries) {
    for (const name of findSecretRefs(entry.template)) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** What {@link secretInstallWarnings} needs. */
export interface SecretInstallCheckInput {
  /** The connector being installed. */
  connector: Pick<ResolvedConnector, "id" | "server" | "platforms">;
  /** Its secret store (`openSecretStore({ connectorId: connector.id, … })`). */
  store: Pick<SecretStore, "has" | "list">;
  /** The install's environment, for the `${env:VAR}` check. */
  env: Record<string, string | undefined>;
  /** The module this install registers (absolute path). */
  modulePath: string;
  /** The module of the record already on disk for this id, if there is one. */
  previousModulePath?: string;
  /** Only these hosts' overrides count; default: all. */
  platforms?: readonly string[];
}

/**
 * The `install` warnings about secrets, in order: one per unset name
 * (`secret "<name>" is not set — run …`), or the single
 * `secrets backend unavailable; …` line when the keystore cannot be read;
 * one per unset, defaultless `${env:VAR}` inside a secret-bearing value; the
 * id-reuse warning when the id was registered from another module and
 * secrets are stored under it.
 *
 * @example
 * ```ts
 * import { secretInstallWarnings } from "./install_checks.ts";
 * secretInstallWarnings({
 *   connector: { id: "acme-db", platforms: {}, server: { transport: "stdio", command: "node",
 *     secretEnv: { DB_PASS: "${secret:db-pass}" } } },
 *   store: { has: () => false, list: () => [] },
 *   env: {},
 *   modulePath: "/p/agent-connector.config.mjs",
 * }); // ['secret "db-pass" is not set — run `secrets set db-pass --connector-id acme-db`']
 * ```
 */
export function secretInstallWarnings(input: SecretInstallCheckInput): string[] {
  const { connector, store } = input;
  const id = connector.id;
  const entries = connectorSecretEnv(connector, input.platforms);
  const names = secretNamesOf(entries);
  const warnings: string[] = [];
  const unset: string[] = [];
  let unavailable: string | undefined;
  for (const name of names) {
    try {
      if (!store.has(name)) unset.push(name);
    } catch (error) {
      unavailable = error instanceof Error ? error.message : String(error);
      break;
    }
  }
  if (unavailable !== undefined) {
    warnings.push(
      `secrets backend unavailable; cannot verify secret(s) ${names.join(", ")}: ${unavailable}`,
    );
  } else {
    for (const name of unset) {
      warnings.push(
        `secret "${name}" is not set — run \`secrets set ${name} --connector-id ${id}\``,
      );
    }
  }
  for (const entry of entries) {
    const seen = new Set<string>();
    for (const ref of findEnvRefs(entry.template)) {
      if (ref.default !== undefined || seen.has(ref.name)) continue;
      seen.add(ref.name);
      const value = input.env[ref.name];
      if (value !== undefined && value !== "") continue;
      warnings.push(
        `${entry.where}: \${env:${ref.name}} is not set and has no default — the serve wrapper ` +
          `would expand it to an empty fragment at launch (set ${ref.name}, or write \${env:${ref.name}:-<default>})`,
      );
    }
  }
  if (input.previousModulePath !== undefined && input.previousModulePath !== input.modulePath) {
    let stored: string[] = [];
    try {
      stored = store.list().map((e) => e.name);
    } catch { /* an unreadable index: nothing to warn about */ }
    if (stored.length > 0) {
      warnings.push(
        `"${id}" was registered from ${input.previousModulePath}; this install registers it from ` +
          `${input.modulePath}, and the secret(s) stored under this id (${stored.join(", ")}) ` +
          `will now be delivered to that module`,
      );
    }
  }
  return warnings;
}

/** What {@link secretsDoctorCheck} needs. */
export interface SecretsDoctorInput {
  /** The connector checked. */
  connectorId: string;
  /** The secret names its server references (record `secretNames`, or {@link secretNamesOf}). */
  names: readonly string[];
  /** Its secret store. */
  store: Pick<SecretStore, "has" | "list" | "availability" | "backend">;
}

/**
 * The doctor check `<id>: secrets`: pass `<n> secret(s) present in <backend>`,
 * warn `not set: a, b`, or warn `backend <id> unavailable: <reason>`.
 * Undefined when the connector references no secret (no check is shown).
 * Not healable: `doctor --heal` must leave it alone.
 */
export function secretsDoctorCheck(input: SecretsDoctorInput): DiagnosticResult | undefined {
  const { connectorId, names, store } = input;
  if (names.length === 0) return undefined;
  const check = `${connectorId}: secrets`;
  const indexed = new Map<string, SecretBackendId>();
  try {
    for (const entry of store.list()) indexed.set(entry.name, entry.backend);
  } catch (error) {
    return { check, status: "warn", message: (error as Error).message };
  }
  const backends: SecretBackendId[] = [];
  for (const name of names) {
    const backend = indexed.get(name) ?? store.backend;
    if (!backends.includes(backend)) backends.push(backend);
  }
  for (const backend of backends) {
    const availability = store.availability(backend);
    if (!availability.available) {
      return {
        check,
        status: "warn",
        message: `backend ${backend} unavailable: ${availability.detail}`,
        ...(availability.hint ? { fix: availability.hint } : {}),
      };
    }
  }
  const missing: string[] = [];
  for (const name of names) {
    try {
      if (!store.has(name)) missing.push(name);
    } catch (error) {
      const backend = indexed.get(name) ?? store.backend;
      const reason = error instanceof SecretError ? error.message : String(error);
      return {
        check,
        status: "warn",
        message: `backend ${backend} unavailable: ${reason}`,
        ...(error instanceof SecretError && error.hint ? { fix: error.hint } : {}),
      };
    }
  }
  if (missing.length > 0) {
    return {
      check,
      status: "warn",
      message: `not set: ${missing.join(", ")}`,
      fix: `run \`secrets set <name> --connector-id ${connectorId}\` for each of: ${
        missing.join(", ")
      }`,
    };
  }
  return {
    check,
    status: "pass",
    message: `${names.length} secret(s) present in ${backends.join(", ")}`,
  };
}
