/**
 * The contract every keystore backend implements, and what it is given.
 *
 * @module
 */

import type { OsName } from "../io/machine_env.ts";
import { SecretError } from "./errors.ts";
import type { SpawnResult, SpawnSyncFn } from "./spawn.ts";
import type { BackendAvailability, SecretBackendId } from "./types.ts";

/** The machine a backend runs against; tests pass a fake `spawn` and `exists`. */
export interface BackendContext {
  /** The OS the commands are built for. */
  os: OsName;
  /** The environment handed to keystore programs (D-Bus address, SystemRoot, …). */
  env: Record<string, string | undefined>;
  /** The data root (the file backend lives under it). */
  dataRoot: string;
  /** Runs a program by absolute path. */
  spawn: SpawnSyncFn;
  /** True when a file exists at `path`. */
  exists(path: string): boolean;
  /** The user id (POSIX), to find the user's session bus when the env does not name it. */
  uid?: number;
}

/**
 * One keystore. Values cross it only through `write`'s argument and `read`'s
 * result. The store checks availability before calling read, write or remove.
 */
export interface SecretBackend {
  /** Which backend this is. */
  readonly id: SecretBackendId;
  /**
   * Whether it can be used here. With `probe` false only the cheap checks run
   * (OS, program present); with true the keystore itself is asked as well.
   */
  availability(probe: boolean): BackendAvailability;
  /** Throws `invalid-value` when this backend cannot hold `value` whole. */
  checkValue(connectorId: string, name: string, value: string): void;
  /** The stored value ("" when an empty item is stored), or null when there is none. */
  read(connectorId: string, name: string): string | null;
  /** Stores `value`, replacing any previous one. */
  write(connectorId: string, name: string, value: string): void;
  /** Removes the item; false when there was none. */
  remove(connectorId: string, name: string): boolean;
}

/** The hint every "this keystore cannot be used" message carries. */
export const FILE_BACKEND_HINT =
  "use --backend file (or AGENT_CONNECTOR_SECRETS_BACKEND=file) to keep secrets in a plaintext file instead";

/** Builds the answer for a backend that cannot be used on this OS. */
export function wrongOs(
  backend: SecretBackendId,
  needs: string,
  os: OsName,
): BackendAvailability {
  return {
    backend,
    available: false,
    detail: `the ${backend} backend needs ${needs} (this is ${os})`,
    hint: FILE_BACKEND_HINT,
  };
}

/** Throws the error `availability` describes, when it says unavailable. */
export function assertAvailable(availability: BackendAvailability): void {
  if (availability.available) return;
  throw new SecretError(
    "backend-unavailable",
    `secrets backend ${availability.backend} is unavailable: ${availability.detail}`,
    availability.hint ? { hint: availability.hint } : undefined,
  );
}

/** The first non-empty line of a program's stderr, for messages. */
export function firstLine(text: string): string {
  return text.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== "") ?? "";
}

/** Turns a run that could not start (or timed out) into a SecretError. */
export function spawnFailure(
  backend: SecretBackendId,
  program: string,
  result: SpawnResult,
): SecretError | undefined {
  if (!result.error) return undefined;
  const code = (result.error as { code?: string }).code;
  if (code === "ENOENT") {
    return new SecretError(
      "backend-unavailable",
      `secrets backend ${backend} is unavailable: ${program} was not found`,
      { hint: FILE_BACKEND_HINT },
    );
  }
  if (code === "ETIMEDOUT") {
    return new SecretError(
      "backend-failed",
      `secrets backend ${backend}: ${program} did not answer within 30 s (is it waiting for a password prompt?)`,
    );
  }
  return new SecretError(
    "backend-failed",
    `secrets backend ${backend}: could not run ${program}: ${result.error.message}`,
  );
}

/** Byte length of `text` in UTF-8. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
