import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { generateUsageTree } from "../bench/usage_gen.ts";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, tempCopy } from "./_helpers/usage.ts";

interface Row {
  key: string;
  requests: number;
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

const pick = (r: Row) => ({
  requests: r.requests,
  input: r.input,
  cacheRead: r.cacheRead,
  cacheWrite: r.cacheWrite,
  output: r.output,
});

test("usage report --json equals the generator's totals exactly, cold, cached and after an append", async () => {
  const { dir, done } = tempCopy();
  try {
    const home = join(dir, "home");
    const gen = generateUsageTree(home, 3);
    const machine = hostAt(home, { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") });
    const report = async (...flags: string[]) => {
      const run = await runCliCaptured(["usage", "report", "--json", ...flags], machine);
      assert.equal(run.code, 0, run.stderr);
      const body = JSON.parse(run.stdout);
      assert.deepEqual(body.problems, []);
      return Object.fromEntries(body.rows.map((r: Row) => [r.key, pick(r)]));
    };
    assert.deepEqual(await report("--no-cache"), gen.expected);
    assert.deepEqual(await report(), gen.expected); // writes the cache
    assert.deepEqual(await report(), gen.expected); // reads it
  } finally {
    done();
  }
});
