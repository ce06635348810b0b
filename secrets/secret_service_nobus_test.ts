import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { SecretError } from "./errors.ts";
import { openSecretStore } from "./store.ts";

const skip = process.platform !== "linux" || !existsSync("/usr/bin/secret-tool")
  ? "needs Linux and /usr/bin/secret-tool"
  : false;

// Without a session bus address, a runtime-dir bus or an X11 display, secret-tool can
// only try D-Bus autolaunch, which fails — after creating ~/.cache: an install --dry-run
// on a headless machine (CI, SSH) left a new folder in the user's home.
test(
  "with no D-Bus session to reach, secret-service is unavailable and nothing is written to HOME",
  { skip },
  () => {
    const home = mkdtempSync(join(tmpdir(), "ac-nobus-"));
    try {
      const store = openSecretStore({
        connectorId: "acme-db",
        dataRoot: join(home, ".agent-connector"),
        env: { HOME: home, PATH: process.env.PATH ?? "" },
        home,
        platform: "linux",
        backend: "secret-service",
        uid: 4_000_000,
      });
      const availability = store.availability("secret-service");
      assert.equal(availability.available, false);
      assert.match(availability.detail, /no D-Bus session bus/);
      assert.throws(
        () => store.get("db-pass"),
        (e: unknown) => e instanceof SecretError && e.code === "backend-unavailable",
      );
      assert.deepEqual(readdirSync(home), []);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);
