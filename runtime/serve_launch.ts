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
 * @module
 */

/** What a launch needs to build the server's environment. */
export interface LaunchEnvInput {
  /** The connector whose secret store is read. */
  connectorId?: string;
  /** Raw `--secret-env` values, in order. */
  secretEnv: readonly string[];
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
 * environment plus every resolved `--secret-env` entry. Throws
 * {@link LaunchEnvError} when a secret is unset or the keystore fails, so the
 * server never starts with an empty credential.
 */
export async function buildLaunchEnv(
  input: LaunchEnvInput,
): Promise<Record<string, string | undefined>> {
  if (input.secretEnv.length === 0) return { ...input.env };
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
    return { ...input.env, ...resolved };
  } catch (error) {
    // The message names every unset secret; a keystore failure adds its hint line.
    throw new LaunchEnvError(describeSecretFailure(error), { cause: error });
  }
}
