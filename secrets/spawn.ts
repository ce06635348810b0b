/**
 * The one way the secret backends run a keystore program: synchronously, by
 * absolute path, with the value (when there is one) on stdin — never in argv.
 * Tests inject their own {@link SpawnSyncFn} to check the exact invocation.
 *
 * @module
 */

import { spawnSync } from "node:child_process";

/** What one keystore program run produced. */
export interface SpawnResult {
  /** The exit status; null when the program did not exit normally. */
  status: number | null;
  /** Standard output, decoded as UTF-8. */
  stdout: string;
  /** Standard error, decoded as UTF-8. */
  stderr: string;
  /** Set when the program could not be started or timed out. */
  error?: Error;
}

/** Options of one run. */
export interface SpawnOptions {
  /** Text written to the program's stdin (then closed). */
  input?: string;
  /** The complete environment of the program. */
  env: Record<string, string>;
}

/** Runs `file` (an absolute path) with `args` and waits for it. */
export type SpawnSyncFn = (file: string, args: string[], options: SpawnOptions) => SpawnResult;

/** How long one keystore call may take before it counts as failed. */
const TIMEOUT_MS = 30_000;

/** The real runner: `node:child_process` spawnSync, no shell, hidden window on Windows. */
export const nodeSpawnSync: SpawnSyncFn = (file, args, options) => {
  const result = spawnSync(file, args, {
    input: options.input ?? "",
    env: options.env,
    encoding: "utf8",
    shell: false,
    windowsHide: true,
    timeout: TIMEOUT_MS,
    maxBuffer: 4 * 1024 * 1024,
  });
  return {
    status: result.status,
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? "",
    ...(result.error ? { error: result.error } : {}),
  };
};

/** Drops unset variables so the record can be handed to a child process. */
export function childEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
