/**
 * The launch environment of a wrapped server — the one path `serve` and
 * `doctor --probe` share, so a probe starts the server exactly as a host
 * would through the wrapper.
 *
 * Secret-bearing env entries arrive as `--secret-env KEY=<template>` flags
 * (written by install); they are resolved through the `secrets` module's
 * `secretEnvForLaunch` seam into the CHILD's environment only. The
 * secrets code is imported only when such a flag is present, so a launch
 * without secrets stays on node built-ins.
 *
 * Env entries whose references the host could not expand arrive as
 * `--env KEY=<template>` (placeholders `{env:VAR}` / `{env:VAR:-default}`,
 * which no host expands) and are expanded here from the wrapper's own
 * environment, also into the child's environment only.
 *
 * @module
 */

import { ENV_NAME_PATTERN, expandEnv } from "../core/interpolation.ts";

/** What a launch needs to build the server's environment. */
export interface LaunchEnvInput {
  /** The connector whose secret store is read. */
  connectorId?: string;
  /** Raw `--secret-env` values, in order. */
  secretEnv: readonly string[];
  /** Raw `--env` values, in order. */
  envArgs?: readonly string[];
  /** The wrapper's own environment (inherited by the server). */
  env: Record<string, string | undefined>;
  /** Home dir, for the default data root of the secret index. */
  home: string;
  /** The data root. */
  dataRoot: string;
}

/** The server's environment could not be built; the message names what to do. */
export class LaunchEnvError extends Error {
  /** Creates the error. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "LaunchEnvError";
  }
}

/**
 * Returns the complete environment for the server: the wrapper's own
 * environment plus every expanded `--env` and resolved `--secret-env` entry. Throws
 * {@link LaunchEnvError} when a secret is unset or the keystore fails, so the
 * server never starts with an empty credential.
 */
export async function buildLaunchEnv(
  input: LaunchEnvInput,
): Promise<Record<string, string | undefined>> {
  const plain = expandEnvArgs(input.envArgs ?? [], input.env);
  if (input.secretEnv.length === 0) return { ...input.env, ...plain };
  if (!input.connectorId) {
    throw new LaunchEnvError("--secret-env needs --connector <id> to know whose secrets to read");
  }
  const { describeSecretFailure, secretEnvForLaunch } = await import("../secrets/launch_env.ts");
  try {
    const resolved = await secretEnvForLaunch({
      connectorId: input.connectorId,
      secretEnvArgs: input.secretEnv,
      env: input.env,
      home: input.home,
      dataRoot: input.dataRoot,
    });
    return { ...input.env, ...plain, ...resolved };
  } catch (error) {
    // The message names every unset secret; a keystore failure adds its hint line.
    throw new LaunchEnvError(describeSecretFailure(error), { cause: error });
  }
}

/** Expands serve's `--cwd` template (install/server_launch.ts) from `env`. */
export function expandCwdArg(template: string, env: Record<string, string | undefined>): string {
  return expandEnv(template.replace(/(?<!\$)\{(?:env|ENV):/g, "${env:"), env);
}

/**
 * Expands `--env KEY=<template>` values from `env`. A value that is not
 * `KEY=…` with KEY a variable name is an error: it came from a broken config.
 */
export function expandEnvArgs(
  args: readonly string[],
  env: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const arg of args) {
    const cut = arg.indexOf("=");
    const key = cut === -1 ? arg : arg.slice(0, cut);
    if (cut === -1 || !ENV_NAME_PATTERN.test(key)) {
      throw new LaunchEnvError(`--env "${arg}" must be KEY=<template> with KEY a variable name`);
    }
    // `{ENV:…}` is how install writes it for hosts that substitute `{env:…}`
    // in their own config (opencode).
    const template = arg.slice(cut + 1).replace(/(?<!\$)\{(?:env|ENV):/g, "${env:");
    out[key] = expandEnv(template, env);
  }
  return out;
}
