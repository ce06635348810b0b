/**
 * The Linux Secret Service backend, through `/usr/bin/secret-tool` over the
 * D-Bus session bus: one item per secret with the attributes
 * `service agent-connector/<id>` and `account <name>`.
 *
 * Pitfalls handled (measured with libsecret-tools 0.20.5, gnome-keyring 42.1;
 * see the project's notes on real components):
 * - `secret-tool store` keeps only the first 8,192 bytes of a longer value and
 *   still exits 0, saying `password is too long` on stderr. Values over 8,191
 *   bytes are refused, any stderr output fails the write, and every write is
 *   read back and compared.
 * - `lookup` and `clear` on a locked keyring exit 1 without a word, exactly as
 *   for a missing item. A silent exit 1 is therefore followed by a `search`
 *   (item attributes are visible while locked; stderr then says "locked"),
 *   so a locked keyring is reported as locked, never as "not set".
 * - No D-Bus session, or no Secret Service provider: secret-tool fails fast
 *   with a message on stderr; that is reported as unavailable. With no bus
 *   address, no `$XDG_RUNTIME_DIR/bus` and no X11 `$DISPLAY`, it could only
 *   try D-Bus autolaunch, which fails after creating `~/.cache`; then it is
 *   not started at all and the backend is unavailable.
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

/** The system location of libsecret's CLI. */
export const SECRET_TOOL_PATH = "/usr/bin/secret-tool";

/** The system location of dbus-send, used only to ask whether the default keyring is locked. */
export const DBUS_SEND_PATH = "/usr/bin/dbus-send";

/** The largest value secret-tool stores whole (it truncates at 8,192 bytes). */
export const SECRET_TOOL_MAX_BYTES = 8191;

const LOCKED_HINT =
  "unlock the keyring in your desktop session (agent-connector never prompts for the keyring password), " +
  "or use --backend file";

/** secret-tool's messages when there is no session bus or no Secret Service on it. */
const NO_SERVICE = /D-Bus|DBus|org\.freedesktop\.secrets|\.service files|Could not connect/i;

/** Why there is no bus to ask when neither the env nor the runtime dir names one. */
const NO_BUS_DETAIL = "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set, there is no " +
  "$XDG_RUNTIME_DIR/bus, and no X11 $DISPLAY to start one";

function noServiceDetail(reason: string): string {
  return `no Secret Service on the D-Bus session bus: ${reason.replace(/^secret-tool: /, "")}`;
}

/** The item attributes of one secret, as secret-tool arguments. */
export function secretServiceAttributes(connectorId: string, name: string): string[] {
  return ["service", `agent-connector/${connectorId}`, "account", name];
}

/** Creates the secret-service backend. */
export function secretServiceBackend(ctx: BackendContext): SecretBackend {
  // A host may spawn the server wrapper with a stripped environment (no
  // DBUS_SESSION_BUS_ADDRESS, no XDG_RUNTIME_DIR); the user's session bus is
  // then still at /run/user/<uid>/bus on systemd desktops.
  const env = () => {
    const out: Record<string, string> = { ...childEnv(ctx.env), LC_ALL: "C" };
    if (!out.DBUS_SESSION_BUS_ADDRESS) {
      const runtime = out.XDG_RUNTIME_DIR ||
        (ctx.uid !== undefined ? `/run/user/${ctx.uid}` : undefined);
      if (runtime && ctx.exists(`${runtime}/bus`)) {
        out.DBUS_SESSION_BUS_ADDRESS = `unix:path=${runtime}/bus`;
      }
    }
    return out;
  };
  // With no address, no runtime-dir bus and no X11 display, secret-tool can only try
  // D-Bus autolaunch, which fails — after creating ~/.cache. So it is not started.
  const noBus = (vars: Record<string, string>) => !vars.DBUS_SESSION_BUS_ADDRESS && !vars.DISPLAY;
  const run = (file: string, args: string[], input?: string): SpawnResult => {
    const vars = env();
    if (noBus(vars)) {
      throw new SecretError(
        "backend-unavailable",
        `secrets backend secret-service is unavailable: ${NO_BUS_DETAIL}`,
        { hint: FILE_BACKEND_HINT },
      );
    }
    const result = ctx.spawn(file, args, { env: vars, ...(input !== undefined ? { input } : {}) });
    const failure = spawnFailure("secret-service", file, result);
    if (failure) throw failure;
    return result;
  };
  const lockedError = () =>
    new SecretError(
      "backend-unavailable",
      "secrets backend secret-service is unavailable: the Secret Service keyring is locked",
      { hint: LOCKED_HINT },
    );
  const failed = (action: string, result: SpawnResult): SecretError => {
    const reason = firstLine(result.stderr) || `exit status ${result.status}`;
    if (/locked/i.test(reason)) return lockedError();
    if (NO_SERVICE.test(reason)) {
      return new SecretError(
        "backend-unavailable",
        `secrets backend secret-service is unavailable: ${noServiceDetail(reason)}`,
        { hint: FILE_BACKEND_HINT },
      );
    }
    return new SecretError("backend-failed", `secret-service: could not ${action}: ${reason}`);
  };
  /** After a silent exit 1: is the item there but locked, or simply absent? */
  const lockedOrAbsent = (connectorId: string, name: string): "locked" | "absent" => {
    const probe = run(SECRET_TOOL_PATH, ["search", ...secretServiceAttributes(connectorId, name)]);
    return /locked/i.test(probe.stderr) || probe.stdout.trim() !== "" ? "locked" : "absent";
  };
  const defaultKeyringLocked = (): boolean => {
    if (!ctx.exists(DBUS_SEND_PATH)) return false;
    const result = run(DBUS_SEND_PATH, [
      "--session",
      "--print-reply",
      "--dest=org.freedesktop.secrets",
      "/org/freedesktop/secrets/aliases/default",
      "org.freedesktop.DBus.Properties.Get",
      "string:org.freedesktop.Secret.Collection",
      "string:Locked",
    ]);
    return result.status === 0 && /boolean true/.test(result.stdout);
  };

  const backend: SecretBackend = {
    id: "secret-service",
    availability(probe): BackendAvailability {
      if (ctx.os !== "linux") return wrongOs("secret-service", "Linux", ctx.os);
      if (!ctx.exists(SECRET_TOOL_PATH)) {
        return {
          backend: "secret-service",
          available: false,
          detail: `${SECRET_TOOL_PATH} was not found (Debian/Ubuntu: install libsecret-tools)`,
          hint: FILE_BACKEND_HINT,
        };
      }
      if (!probe) {
        return { backend: "secret-service", available: true, detail: SECRET_TOOL_PATH };
      }
      if (noBus(env())) {
        return {
          backend: "secret-service",
          available: false,
          detail: NO_BUS_DETAIL,
          hint: FILE_BACKEND_HINT,
        };
      }
      const lookup = run(SECRET_TOOL_PATH, [
        "lookup",
        ...secretServiceAttributes("agent-connector", ".availability-probe"),
      ]);
      const reason = firstLine(lookup.stderr);
      if (reason !== "") {
        return {
          backend: "secret-service",
          available: false,
          detail: noServiceDetail(reason),
          hint: FILE_BACKEND_HINT,
        };
      }
      if (defaultKeyringLocked()) {
        return {
          backend: "secret-service",
          available: false,
          detail: "the Secret Service keyring is locked",
          hint: LOCKED_HINT,
        };
      }
      return {
        backend: "secret-service",
        available: true,
        detail: `${SECRET_TOOL_PATH} (Secret Service on the D-Bus session bus)`,
      };
    },
    checkValue(_connectorId, name, value) {
      const bytes = utf8Length(value);
      if (bytes > SECRET_TOOL_MAX_BYTES) {
        throw new SecretError(
          "invalid-value",
          `secret "${name}" is ${bytes} bytes; the secret-service backend stores at most ${SECRET_TOOL_MAX_BYTES} bytes (secret-tool cuts longer values)`,
          { hint: FILE_BACKEND_HINT },
        );
      }
    },
    read(connectorId, name) {
      const result = run(SECRET_TOOL_PATH, [
        "lookup",
        ...secretServiceAttributes(connectorId, name),
      ]);
      if (result.status === 0) return result.stdout;
      if (firstLine(result.stderr) !== "") throw failed(`read secret "${name}"`, result);
      if (lockedOrAbsent(connectorId, name) === "locked") throw lockedError();
      return null;
    },
    write(connectorId, name, value) {
      backend.checkValue(connectorId, name, value);
      const result = run(
        SECRET_TOOL_PATH,
        [
          "store",
          `--label=agent-connector/${connectorId}/${name}`,
          ...secretServiceAttributes(connectorId, name),
        ],
        value,
      );
      if (result.status !== 0 || firstLine(result.stderr) !== "") {
        throw failed(`store secret "${name}"`, result);
      }
      if (backend.read(connectorId, name) !== value) {
        throw new SecretError(
          "backend-failed",
          `secret-service: secret "${name}" did not read back unchanged after storing it`,
        );
      }
    },
    remove(connectorId, name) {
      const result = run(SECRET_TOOL_PATH, [
        "clear",
        ...secretServiceAttributes(connectorId, name),
      ]);
      if (result.status === 0) return true;
      if (firstLine(result.stderr) !== "") throw failed(`delete secret "${name}"`, result);
      if (lockedOrAbsent(connectorId, name) === "locked") throw lockedError();
      return false;
    },
  };
  return backend;
}
