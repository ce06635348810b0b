import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { generateUsageTree } from "../bench/usage_gen.ts";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, tempCopy } from "./_helpers/usage.ts";

test("every request of every host on the generator's corpus is priced", async () => {
  const { dir, done } = tempCopy();
  try {
    const home = join(dir, "home");
    generateUsageTree(home, 1);
    const run = await runCliCaptured(
      ["usage", "report", "--by", "model", "--json", "--no-cache"],
      hostAt(home),
    );
    assert.equal(run.code, 0, run.stderr);
    const body = JSON.parse(run.stdout);
    assert.deepEqual(body.unpricedModels, {});
    assert.deepEqual(body.totals.platforms.sort(), ["claude-code", "codex", "gemini-cli"]);
    assert.equal(body.totals.unpriced, 0);
    for (const row of body.rows) {
      assert.ok(row.costUsd > 0 && row.unpriced === 0, row.key);
    }
  } finally {
    done();
  }
});
