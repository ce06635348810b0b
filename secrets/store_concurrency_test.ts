import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runtimeName } from "../edge/runtime_info.ts";
import { openSecretStore, secretsLockPath } from "./store.ts";
import { readSecretIndex } from "./index_file.ts";

const CHILD = fileURLToPath(new URL("../tests/fixtures/secrets/set_many.ts", import.meta.url));
const COUNT = 12;

/** Starts one racer; resolves `ready` once it is loaded, `exited` when it ends. */
function racer(root: string, connectorId: string, prefix: string) {
  const runtime = runtimeName() === "deno" ? ["run", "-A", "--quiet"] : ["--import", "tsx"];
  const child = spawn(
    process.execPath,
    [...runtime, CHILD, root, connectorId, prefix, String(COUNT)],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("ready\n")) resolve();
    });
    child.on("exit", () => reject(new Error(`racer ${prefix} ended early: ${err}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, ready, exited, stderr: () => err };
}

test("secrets set by several processes at once loses no name and no value", async () => {
  const root = mkdtempSync(join(tmpdir(), "ac-secrets-race-"));
  try {
    const racers = [
      racer(root, "acme-db", "a"),
      racer(root, "acme-db", "b"),
      racer(root, "acme-db", "c"),
      racer(root, "other", "d"), // the file store is shared by every connector
    ];
    await Promise.all(racers.map((r) => r.ready));
    for (const r of racers) r.child.stdin.end("go\n");
    for (const r of racers) assert.equal(await r.exited, 0, r.stderr());

    const expect = (prefixes: string[]) =>
      prefixes.flatMap((p) => Array.from({ length: COUNT }, (_, i) => `${p}-${i}`)).sort();
    for (const [id, prefixes] of [["acme-db", ["a", "b", "c"]], ["other", ["d"]]] as const) {
      const names = Object.keys(readSecretIndex(root, id).secrets).sort();
      assert.deepEqual(names, expect([...prefixes]), `index of ${id}`);
      const store = openSecretStore({
        connectorId: id,
        dataRoot: root,
        env: {},
        platform: "linux",
      });
      for (const name of names) assert.equal(store.get(name), `value of ${name}`);
    }
    assert.equal(existsSync(secretsLockPath(root)), false);
    assert.deepEqual(readdirSync(join(root, "secrets")).sort(), [
      "acme-db.index.json",
      "file-store.json",
      "other.index.json",
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
