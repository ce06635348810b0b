/**
 * Public types of the secret store (spec §9.1).
 *
 * @module
 */

/** The keystore backends, in the order the spec lists them. */
export const SECRET_BACKEND_IDS = [
  "keychain",
  "secret-service",
  "credential-manager",
  "file",
] as const;

/** One keystore backend: macOS Keychain, Linux Secret Service, Windows Credential Manager, or the opt-in plaintext file. */
export type SecretBackendId = typeof SECRET_BACKEND_IDS[number];

/** What `set` returns: where the value went. Never the value. */
export interface SecretEntry {
  /** The secret name. */
  name: string;
  /** The backend now holding it. */
  backend: SecretBackendId;
  /** When it was written (ISO 8601). */
  updatedAt: string;
}

/** One row of `list()`: a name the index records, never its value. */
export interface SecretListEntry {
  /** The secret name. */
  name: string;
  /** The backend the index says holds it. */
  backend: SecretBackendId;
  /** When it was last written (ISO 8601); null when the index has no date. */
  updatedAt: string | null;
  /** Whether the backend still holds a non-empty value; null when the backend cannot be read. */
  present: boolean | null;
}

/** Whether a backend can be used here, and why not. */
export interface BackendAvailability {
  /** The backend asked about. */
  backend: SecretBackendId;
  /** True when reads and writes are expected to work. */
  available: boolean;
  /** What the backend uses (a program path, a file) when available; why not otherwise. */
  detail: string;
  /** What to do instead, when unavailable (e.g. `use --backend file`). */
  hint?: string;
}

/** The outcome of one step of the write → read → delete self-test. */
export type SelfTestStep = "ok" | "failed" | "skipped";

/** The result of `selfTest()`: availability plus a round trip of a throwaway value. */
export interface SelfTestResult {
  /** The backend tested. */
  backend: SecretBackendId;
  /** Availability, checked first. */
  availability: BackendAvailability;
  /** Writing a random value. */
  write: SelfTestStep;
  /** Reading it back unchanged. */
  read: SelfTestStep;
  /** Deleting it. */
  delete: SelfTestStep;
  /** True when every step passed. */
  ok: boolean;
  /** The failure, when one step failed (never contains the test value). */
  error?: string;
}

/** Options of {@link SecretStore.set}. */
export interface SecretSetOptions {
  /** Write to this backend instead of the store's. */
  backend?: SecretBackendId;
}

/**
 * A connector's secrets in the OS keystore. Every method is synchronous (the
 * backends are subprocess calls) and none logs or returns a value except `get`.
 */
export interface SecretStore {
  /** The connector whose namespace this store reads and writes. */
  readonly connectorId: string;
  /** The backend `set` writes to by default. */
  readonly backend: SecretBackendId;
  /** Returns the value, or null when the name is not set (an empty stored value counts as not set). */
  get(name: string): string | null;
  /** True when `get(name)` would return a value. */
  has(name: string): boolean;
  /** Stores `value` (non-empty) under `name` and records the backend in the index. */
  set(name: string, value: string, options?: SecretSetOptions): SecretEntry;
  /** Removes `name` from the backend the index names; false when nothing was stored. */
  delete(name: string): boolean;
  /** Lists the names the index records, with their presence. */
  list(): SecretListEntry[];
  /** Reports whether `backend` (default: the store's) can be used here. */
  availability(backend?: SecretBackendId): BackendAvailability;
  /** Writes, reads back and deletes a random value in `backend` (default: the store's). */
  selfTest(backend?: SecretBackendId): SelfTestResult;
}
