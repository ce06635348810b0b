/**
 * The macOS Keychain backend, through `/usr/bin/security`: one generic
 * password per secret, service `agent-connector/<id>`, account `<name>`.
 *
 * The value never reaches argv: `security -i` reads one command line from
 * stdin (`add-generic-password … -X <hex>`). That interactive line is at most
 * 4,095 bytes (Apple's SecurityTool `MAX_LINE_LEN` 4096; a longer line is cut
 * and its tail run as a second command), so values whose line would be longer
 * are refused, and every write is read back and compared. Reads use `-g`,
 * whose `password:` line on stderr is either `"<printable ASCII>"` or
 * `0x<HEX>  "<escaped>"` (SecurityTool `print_buffer`). A locked keychain
 * needs a GUI session: the CLI never runs `unlock-keychain`.
 *
 * @module
 */

import {
  type BackendContext,
  FILE_BACKEND_HINT,
  firstLine,
  type SecretBackend,
  spawnFailure,
  utf8Length,
  wrongOs,
} from "./_backend.ts";
import { SecretError } from "./errors.ts";
import { childEnv, type SpawnResult } from "./spawn.ts";
import type { BackendAvailability } from "./types.ts";

/** The system location of the Keychain CLI. */
export const SECURITY_PATH = "/usr/bin/security";

/** `errSecItemNotFound` (-25300) as an exit status. */
const NOT_FOUND_STATUS = 44;

/** Longest line `security -i` reads whole, without its newline. */
const MAX_INTERACTIVE_LINE = 4094;

/** The keychain service of a connector. */
export function keychainService(connectorId: string): string {
  return `agent-connector/${connectorId}`;
}

/** The stdin line that stores `value` (hex-encoded, so it needs no quoting). */
export function keychainAddLine(connectorId: string, name: string, value: string): string {
  const hex = Array.from(new TextEncoder().encode(value), (b) => b.toString(16).padStart(2, "0"))
    .join("");
  return `add-generic-password -U -s ${keychainService(connectorId)} -a ${name} -X ${hex}`;
}

/** Decodes the `password:` line `find-generic-password -g` writes on stderr. */
export function parseKeychainPassword(stderr: string): string | null {
  const line = stderr.split("\n").find((l) => l.startsWith("password:"));
  if (line === undefined) return null;
  const rest = line.slice("password:".length).trim();
  if (rest === "") return "";
  const hex = rest.match(/^0x([0-9A-Fa-f]*)/);
  if (hex) {
    const bytes = new Uint8Array(hex[1].length / 2);
    for (let i = 0; i < bytes.length; i++) {
      bytes[i] = parseInt(hex[1].slice(i * 2, i * 2 + 2), 16);
    }
    return new TextDecoder().decode(bytes);
  }
  if (rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"')) return rest.slice(1, -1);
  return null;
}

/** Creates the keychain backend. */
export function keychainBackend(ctx: BackendContext): SecretBackend {
  const run = (args: string[], input?: string): SpawnResult => {
    const result = ctx.spawn(SECURITY_PATH, args, {
      env: childEnv(ctx.env),
      ...(input !== undefined ? { input } : {}),
    });
    const failure = spawnFailure("keychain", SECURITY_PATH, result);
    if (failure) throw failure;
    return result;
  };
  const failed = (action: string, result: SpawnResult): SecretError => {
    const reason = firstLine(result.stderr) || `exit status ${result.status}`;
    const locked = /interaction is not allowed|locked/i.test(reason);
    return new SecretError(
      "backend-failed",
      `keychain: could not ${action}: ${reason}`,
      locked
        ? { hint: "unlock the login keychain in your macOS session (the CLI never unlocks it)" }
        : undefined,
    );
  };

  const backend: SecretBackend = {
    id: "keychain",
    availability(probe): BackendAvailability {
      if (ctx.os !== "darwin") return wrongOs("keychain", "macOS", ctx.os);
      if (!ctx.exists(SECURITY_PATH)) {
        return {
          backend: "keychain",
          available: false,
          detail: `${SECURITY_PATH} was not found`,
          hint: FILE_BACKEND_HINT,
        };
      }
      const result = probe ? run(["default-keychain"]) : undefined;
      if (result && result.status !== 0) {
        return {
          backend: "keychain",
          available: false,
          detail: `no default keychain: ${firstLine(result.stderr) || `exit ${result.status}`}`,
          hint: FILE_BACKEND_HINT,
        };
      }
      return { backend: "keychain", available: true, detail: `${SECURITY_PATH} (login keychain)` };
    },
    checkValue(connectorId, name, value) {
      const line = keychainAddLine(connectorId, name, value);
      if (line.length > MAX_INTERACTIVE_LINE) {
        const max = Math.floor((MAX_INTERACTIVE_LINE - (line.length - 2 * utf8Length(value))) / 2);
        throw new SecretError(
          "invalid-value",
          `secret "${name}" is ${
            utf8Length(value)
          } bytes; the keychain backend stores at most ${max} bytes for this name`,
          { hint: FILE_BACKEND_HINT },
        );
      }
    },
    read(connectorId, name) {
      const result = run([
        "find-generic-password",
        "-s",
        keychainService(connectorId),
        "-a",
        name,
        "-g",
      ]);
      if (result.status === NOT_FOUND_STATUS) return null;
      if (result.status !== 0) throw failed(`read secret "${name}"`, result);
      const value = parseKeychainPassword(result.stderr);
      if (value === null) {
        throw new SecretError(
          "backend-failed",
          `keychain: unexpected output reading secret "${name}"`,
        );
      }
      return value;
    },
    write(connectorId, name, value) {
      backend.checkValue(connectorId, name, value);
      const result = run(["-i"], `${keychainAddLine(connectorId, name, value)}\n`);
      if (result.status !== 0 || firstLine(result.stderr) !== "") {
        throw failed(`store secret "${name}"`, result);
      }
      if (backend.read(connectorId, name) !== value) {
        throw new SecretError(
          "backend-failed",
          `keychain: secret "${name}" did not read back unchanged after storing it`,
        );
      }
    },
    remove(connectorId, name) {
      const result = run([
        "delete-generic-password",
        "-s",
        keychainService(connectorId),
        "-a",
        name,
      ]);
      if (result.status === NOT_FOUND_STATUS) return false;
      if (result.status !== 0) throw failed(`delete secret "${name}"`, result);
      return true;
    },
  };
  return backend;
}
