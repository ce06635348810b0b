/**
 * Delivery of secrets to a server at launch — the one seam `serve` calls.
 *
 * A host config never holds a secret or a `${secret:…}` reference: for each
 * env entry that references a secret, the install writes
 * `--secret-env KEY=<template>` into the serve wrapper's arguments, where the
 * template is the entry's value with every reference written as a
 * placeholder no host expands: `{secret:NAME}`, `{env:VAR}`,
 * `{env:VAR:-default}` ({@link formatSecretEnvArg}). At launch, serve parses
 * each flag ({@link parseSecretEnvArg}) and calls {@link resolveLaunchEnv},
 * which reads every secret from the store, expands `${env:…}` from the
 * wrapper's own environment, and returns the variables to add to the child's
 * environment only. A secret value is inserted verbatim, never expanded.
 *
 * @module
 */

import { ENV_NAME_PATTERN, expandEnv, parseTemplate } from "../core/interpolation.ts";
import { SecretError, SecretResolutionError } from "./errors.ts";
import type { SecretStore } from "./types.ts";

/** The serve flag that carries one secret-bearing env entry. */
export const SECRET_ENV_FLAG = "--secret-env";

/**
 * `${secret:…}` / `${env:…}` → `{secret:…}` / `{env:…}`; with `upper`,
 * `{SECRET:…}` / `{ENV:…}` — for hosts that substitute `{env:…}` anywhere in
 * their config file (opencode and its forks), which leave the upper-case
 * spelling alone.
 */
function toPlaceholders(template: string, upper = false): string {
  return parseTemplate(template).map((part) => {
    if (part.kind === "text") return part.text;
    const body = part.source.slice(1);
    return upper
      ? body.replace(/^\{(secret|env):/, (_m, k: string) => `{${k.toUpperCase()}:`)
      : body;
  }).join("");
}

/** `{secret:…}` / `{env:…}` in either case (not preceded by `$`) → `${secret:…}` / `${env:…}`. */
function fromPlaceholders(template: string): string {
  return template.replace(
    /(?<!\$)\{(secret|env|SECRET|ENV):/g,
    (_m, kind: string) => `\${${kind.toLowerCase()}:`,
  );
}

/**
 * Renders one `--secret-env` value: `KEY=<template with placeholders>`.
 *
 * @example
 * ```ts
 * import { formatSecretEnvArg } from "./launch_env.ts";
 * formatSecretEnvArg("DB_URL", "pg://${env:DB_USER}:${secret:db-pass}@h/db");
 * // "DB_URL=pg://{env:DB_USER}:{secret:db-pass}@h/db"
 * formatSecretEnvArg("LOG", "${env:LOG:-info}", { upper: true }); // "LOG={ENV:LOG:-info}"
 * ```
 */
export function formatSecretEnvArg(
  envKey: string,
  template: string,
  options: { upper?: boolean } = {},
): string {
  if (!ENV_NAME_PATTERN.test(envKey)) {
    throw new SecretError("invalid-name", `"${envKey}" is not an environment variable name`);
  }
  return `${envKey}=${toPlaceholders(template, options.upper)}`;
}

/**
 * Renders serve's `--cwd` value: the server's working directory with its
 * `${env:…}` references as placeholders no host expands.
 *
 * @example
 * ```ts
 * import { formatCwdArg } from "./launch_env.ts";
 * formatCwdArg("${env:HOME}/acme"); // "{env:HOME}/acme"
 * ```
 */
export function formatCwdArg(template: string, options: { upper?: boolean } = {}): string {
  return toPlaceholders(template, options.upper);
}

/**
 * Parses one `--secret-env` value back into its env key and `${…}` template.
 * Accepts both placeholder and `${…}` spellings.
 *
 * @example
 * ```ts
 * import { parseSecretEnvArg } from "./launch_env.ts";
 * parseSecretEnvArg("TOKEN={secret:api-token}"); // { envKey: "TOKEN", template: "${secret:api-token}" }
 * ```
 */
export function parseSecretEnvArg(arg: string): { envKey: string; template: string } {
  const cut = arg.indexOf("=");
  const envKey = cut === -1 ? arg : arg.slice(0, cut);
  if (cut === -1 || !ENV_NAME_PATTERN.test(envKey)) {
    throw new SecretError(
      "invalid-name",
      `${SECRET_ENV_FLAG} "${arg}" must be KEY=<template> with KEY an environment variable name`,
    );
  }
  return { envKey, template: fromPlaceholders(arg.slice(cut + 1)) };
}

/** What {@link resolveLaunchEnv} needs. */
export interface ResolveLaunchEnvOptions {
  /** The connector whose secrets are read (named in the error). */
  connectorId: string;
  /** Env key → template (`${secret:NAME}` inside optional `${env:VAR}` text, or placeholders). */
  secretEnv: Record<string, string>;
  /** The wrapper's own environment, for `${env:VAR}` around a reference. */
  env: Record<string, string | undefined>;
  /** The connector's secret store. */
  store: Pick<SecretStore, "get">;
}

/**
 * Resolves the secret-bearing env entries of a launch. Every referenced name
 * is read once; an unset name (or an empty stored value) makes it throw
 * {@link SecretResolutionError} listing every missing name, so the server is
 * never started with an empty value. Keystore failures throw SecretError.
 *
 * @returns the variables to add to the child's environment (never to the wrapper's).
 *
 * @example
 * ```ts
 * import { resolveLaunchEnv } from "./launch_env.ts";
 * const store = { get: (name: string) => (name === "db-pass" ? "s3cret" : null) };
 * resolveLaunchEnv({
 *   connectorId: "acme-db",
 *   secretEnv: { DB_URL: "pg://${env:DB_USER}:${secret:db-pass}@h/db" },
 *   env: { DB_USER: "app" },
 *   store,
 * }); // { DB_URL: "pg://app:s3cret@h/db" }
 * ```
 */
export function resolveLaunchEnv(options: ResolveLaunchEnvOptions): Record<string, string> {
  const templates = Object.entries(options.secretEnv).map(([key, template]) => {
    if (!ENV_NAME_PATTERN.test(key)) {
      throw new SecretError("invalid-name", `"${key}" is not an environment variable name`);
    }
    return [key, fromPlaceholders(template)] as const;
  });
  const values = new Map<string, string>();
  const missing: string[] = [];
  for (const [, template] of templates) {
    for (const part of parseTemplate(template)) {
      if (part.kind !== "secret" || values.has(part.name) || missing.includes(part.name)) continue;
      const value = options.store.get(part.name);
      if (value === null || value === "") missing.push(part.name);
      else values.set(part.name, value);
    }
  }
  if (missing.length > 0) throw new SecretResolutionError(options.connectorId, missing);
  const out: Record<string, string> = {};
  for (const [key, template] of templates) {
    out[key] = expandEnv(template, options.env, (name) => values.get(name));
  }
  return out;
}

/** What {@link secretEnvForLaunch} needs: the serve wrapper's own view of the machine. */
export interface SecretEnvForLaunchOptions {
  /** The connector being served (`--connector <id>`). */
  connectorId: string;
  /** The value of every `--secret-env` flag, in order. */
  secretEnvArgs: readonly string[];
  /** The wrapper's environment (also what the keystore programs see). */
  env: Record<string, string | undefined>;
  /** The home directory, for the data root. */
  home: string;
  /** The data root; default `AGENT_CONNECTOR_DATA_DIR`, else `<home>/.agent-connector`. */
  dataRoot?: string;
  /** The OS (`linux | darwin | win32`); default the running process's. */
  os?: string;
  /** The store to read; default `openSecretStore` for the connector (loaded only when needed). */
  store?: Pick<SecretStore, "get">;
}

/**
 * The serve seam: parses every `--secret-env` value and resolves them into
 * the variables to add to the child's environment. With no flag it returns
 * `{}` without loading the store. Throws {@link SecretResolutionError} (unset
 * names) or SecretError (bad flag, keystore failure); serve prints
 * {@link describeSecretFailure} on stderr, exits 1 and starts no server.
 */
export async function secretEnvForLaunch(
  options: SecretEnvForLaunchOptions,
): Promise<Record<string, string>> {
  if (options.secretEnvArgs.length === 0) return {};
  const secretEnv: Record<string, string> = {};
  for (const arg of options.secretEnvArgs) {
    const { envKey, template } = parseSecretEnvArg(arg);
    if (envKey in secretEnv) {
      throw new SecretError("invalid-name", `${SECRET_ENV_FLAG} names ${envKey} twice`);
    }
    secretEnv[envKey] = template;
  }
  const store = options.store ??
    (await import("./store.ts")).openSecretStore({
      connectorId: options.connectorId,
      env: options.env,
      home: options.home,
      ...(options.dataRoot !== undefined ? { dataRoot: options.dataRoot } : {}),
      ...(options.os !== undefined ? { platform: options.os } : {}),
    });
  return resolveLaunchEnv({ connectorId: options.connectorId, secretEnv, env: options.env, store });
}

/** The stderr text for a secret failure at launch: the message, then `  hint: …` when there is one. */
export function describeSecretFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const hint = error instanceof SecretError && error.hint ? `\n  hint: ${error.hint}` : "";
  return `${message}${hint}`;
}
