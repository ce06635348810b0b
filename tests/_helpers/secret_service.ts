/**
 * A private, headless Secret Service for tests: `dbus-run-session` plus
 * `gnome-keyring-daemon --unlock --components=secrets`, in a throwaway HOME
 * with its own XDG dirs and XDG_RUNTIME_DIR (without it the daemon is flaky),
 * waiting until the daemon owns `org.freedesktop.secrets` before use.
 *
 * When the system packages are missing, {@link startSecretService} returns
 * undefined and {@link SECRET_SERVICE_SKIP} explains why — unless
 * `AGENT_CONNECTOR_REQUIRE_SYSTEM=1` (set by .ci/run), where it throws.
 *
 * @module
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";

const PROGRAMS = [
  "/usr/bin/secret-tool",
  "/usr/bin/gnome-keyring-daemon",
  "/usr/bin/dbus-run-session",
  "/usr/bin/dbus-send",
];

const INSTALL_HINT = "install libsecret-tools gnome-keyring dbus dbus-x11";

/** Why secret-service tests skip here, or undefined when they can run. */
export const SECRET_SERVICE_SKIP: string | undefined = (() => {
  const missing = PROGRAMS.filter((p) => !existsSync(p));
  if (missing.length === 0 || process.platform !== "linux") {
    return process.platform === "linux" ? undefined : "secret-service tests need Linux";
  }
  const message = `secret-service tests skipped: ${INSTALL_HINT} (missing ${missing.join(", ")})`;
  if (process.env.AGENT_CONNECTOR_REQUIRE_SYSTEM === "1") {
    throw new Error(`${message} — AGENT_CONNECTOR_REQUIRE_SYSTEM=1 forbids skipping`);
  }
  return message;
})();

/** A running private Secret Service. */
export interface SecretServiceSession {
  /** The environment a keystore client needs: HOME, XDG dirs, D-Bus address, PATH. */
  env: Record<string, string>;
  /** The throwaway HOME (its keyring file lives under it). */
  home: string;
  /** Locks the login collection (no prompt needed), as a locked desktop keyring would be. */
  lock(): void;
  /** Ends the session and its daemon and removes the temp folder. */
  stop(): Promise<void>;
}

const SESSION_SCRIPT = `
printf %s "$KEYRING_PASSWORD" | /usr/bin/gnome-keyring-daemon --unlock --components=secrets >/dev/null
i=0
until /usr/bin/dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \\
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
  i=$((i + 1)); [ "$i" -gt 500 ] && { echo "TIMEOUT"; exit 1; }
  sleep 0.02
done
pid=$(/usr/bin/dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \\
  org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets | awk '/uint32/ {print $2}')
echo "READY $pid $DBUS_SESSION_BUS_ADDRESS"
exec cat >/dev/null
`;

/** Starts a private Secret Service; undefined when {@link SECRET_SERVICE_SKIP} is set. */
export async function startSecretService(): Promise<SecretServiceSession | undefined> {
  if (SECRET_SERVICE_SKIP) return undefined;
  const root = mkdtempSync(join(tmpdir(), "ac-keyring-"));
  const home = join(root, "home");
  const runtime = join(root, "run");
  mkdirSync(home, { recursive: true });
  mkdirSync(runtime, { mode: 0o700 });
  const baseEnv: Record<string, string> = {
    PATH: "/usr/bin:/bin",
    HOME: home,
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_RUNTIME_DIR: runtime,
    LC_ALL: "C",
  };
  const child: ChildProcess = spawn(
    "/usr/bin/dbus-run-session",
    ["--", "/bin/sh", "-c", SESSION_SCRIPT],
    { env: { ...baseEnv, KEYRING_PASSWORD: "test-password" }, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk) => void (stderr += chunk));
  const ready = await new Promise<{ pid: number; address: string }>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`Secret Service did not start: ${out}${stderr}`)),
      15_000,
    );
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = out.match(/READY (\d+) (\S+)\n/);
      if (match) {
        clearTimeout(timer);
        resolve({ pid: Number(match[1]), address: match[2] });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Secret Service session ended (${code}): ${out}${stderr}`));
    });
  });
  const env = { ...baseEnv, DBUS_SESSION_BUS_ADDRESS: ready.address };
  return {
    env,
    home,
    lock() {
      const result = spawnSync("/usr/bin/dbus-send", [
        "--session",
        "--print-reply",
        "--dest=org.freedesktop.secrets",
        "/org/freedesktop/secrets",
        "org.freedesktop.Secret.Service.Lock",
        "array:objpath:/org/freedesktop/secrets/collection/login",
      ], { env, encoding: "utf8" });
      if (result.status !== 0) throw new Error(`could not lock the keyring: ${result.stderr}`);
    },
    async stop() {
      const exited = new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once("exit", () => resolve());
      });
      child.stdin!.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      try {
        process.kill(ready.pid, "SIGTERM");
      } catch { /* already gone with its bus */ }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
