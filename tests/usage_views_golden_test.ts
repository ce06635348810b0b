/**
 * The terminal views of `usage report` and `usage leaderboard` at 80 and 160
 * columns (`COLUMNS`), byte for byte against tests/fixtures/usage/golden/.
 * `UPDATE_GOLDEN=1` rewrites the files; review their diff.
 *
 * @module
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, usageFixture } from "./_helpers/usage.ts";

const dir = usageFixture("golden");
const VIEWS: Record<string, string[]> = {
  "platform": ["usage", "report"],
  "day-breakdown": ["usage", "report", "--by", "day", "--breakdown"],
  "day-chart": ["usage", "report", "--by", "day", "--chart"],
  "week": ["usage", "report", "--by", "week"],
  "month-desc": ["usage", "report", "--by", "month", "--order", "desc"],
  "session": ["usage", "report", "--by", "session"],
  "project": ["usage", "report", "--by", "project"],
  "model": ["usage", "report", "--by", "model"],
  "leaderboard-model": ["usage", "leaderboard", "--by", "model"],
};

for (const width of [80, 160]) {
  for (const [name, argv] of Object.entries(VIEWS)) {
    test(`usage view "${name}" at ${width} columns matches its golden file`, async () => {
      const home = usageFixture("agent-kit/home");
      const run = await runCliCaptured(
        [...argv, "--utc", "--no-cache"],
        hostAt(home, { COLUMNS: String(width) }),
      );
      assert.equal(run.code, 0, run.stderr);
      for (const line of run.stdout.split("\n")) {
        assert.ok([...line].length <= width, `wider than ${width}: ${line}`);
      }
      const file = join(dir, `${name}.${width}.txt`);
      if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, run.stdout);
        if (process.env.UPDATE_GOLDEN !== "1") assert.fail(`wrote missing golden file ${file}`);
      }
      assert.equal(run.stdout, readFileSync(file, "utf8"));
    });
  }
}
