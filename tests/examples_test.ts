/**
 * Every example runs from a clone under Deno, as the README tells a newcomer
 * to run it: its branded bin answers --help, and doctor --probe starts its
 * server and lists its tools. (tests/node/example.test.mjs does the same from
 * the packed npm build under Node.)
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const EXAMPLES = fileURLToPath(new URL("../examples/", import.meta.url));
const examples = readdirSync(EXAMPLES).filter((d) => !d.startsWith("_"));

function runExample(dir: string, args: string[], home: string) {
  return spawnSync(process.execPath, ["run", "-A", join(EXAMPLES, dir, "bin.mjs"), ...args], {
    encoding: "utf8",
    env: { ...process.env, HOME: home, DENO_DIR: denoDir() },
  });
}

/** Children get a temp HOME but keep this Deno's module cache. */
function denoDir(): string {
  if (process.env.DENO_DIR) return process.env.DENO_DIR;
  const info = spawnSync(process.execPath, ["info", "--json"], { encoding: "utf8" });
  return JSON.parse(info.stdout).denoDir;
}

for (const dir of examples) {
  test(`the ${dir} example answers --help and passes doctor --probe from a clone`, () => {
    const home = mkdtempSync(join(tmpdir(), "ac-example-"));
    try {
      const help = runExample(dir, ["--help"], home);
      assert.equal(help.status, 0, help.stderr);
      assert.match(help.stdout, /^\S+ \d+\.\d+\.\d+\n\nUsage: /);
      const doctor = runExample(dir, ["doctor", "--probe", "--json"], home);
      assert.equal(doctor.status, 0, doctor.stderr + doctor.stdout);
      const probes = JSON.parse(doctor.stdout).filter((f: { check: string }) =>
        /: probe /.test(f.check)
      );
      assert.deepEqual(probes.map((f: { status: string }) => f.status), ["pass", "pass", "pass"]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}
