/**
 * A shared hook file agent-connector created goes with the last connector
 * that uses it (#19 item 5): install A, install B, uninstall A, uninstall B
 * left Cursor's `~/.cursor/hooks.json` as `{"version": 1}` (the header A
 * added, which B's uninstall did not own). A file the user had stays.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chaosBox } from "./chaos/_box.ts";
import { assertSameTree } from "./_helpers/tree.ts";

const HOOKS_ONLY = { hooks: ["PreToolUse", "SessionStart"] };

type Step = ["install" | "uninstall", "alpha" | "beta"];

/**
 * Steps from a plan such as `"A B -A -B"` (a leading `-` uninstalls; `A+B`
 * runs both at once, the install lock ordering them).
 */
function plan(text: string): Step[][] {
  return text.split(" ").map((group) =>
    group.split("+").map((s): Step => [
      s.startsWith("-") ? "uninstall" : "install",
      s.endsWith("A") ? "alpha" : "beta",
    ])
  );
}

/** Runs `steps` on `targets` in a fresh box. */
async function scenario(
  targets: string,
  steps: Step[][],
  seed?: (put: (p: string, t: string) => string) => void,
) {
  const box = chaosBox(seed);
  try {
    const before = box.snap();
    const dirs = {
      alpha: box.connector("alpha", HOOKS_ONLY),
      beta: box.connector("beta", HOOKS_ONLY),
    };
    for (const group of steps) {
      const runs = await Promise.all(
        group.map(([cmd, id]) =>
          cmd === "install"
            ? box.cli(cmd, "--connector", dirs[id], "--targets", targets)
            : box.cli(cmd, "--connector-id", id, "--targets", targets)
        ),
      );
      for (const r of runs) assert.equal(r.code, 0, r.stdout + r.stderr);
    }
    return { box, before, after: box.snap() };
  } catch (error) {
    box.dispose();
    throw error;
  }
}

for (const order of ["A B -A -B", "A B -B -A", "A+B -A+-B", "A -A B -B"]) {
  for (const targets of ["cursor", "copilot-cli", "cursor,copilot-cli"]) {
    test(`${targets}: ${order} leaves no hook file behind`, async () => {
      const { box, before, after } = await scenario(targets, plan(order));
      try {
        assertSameTree(after, before, order);
      } finally {
        box.dispose();
      }
    });
  }
}

test("cursor: a hooks.json the user had keeps its version after both uninstalls", async () => {
  const mine = '{\r\n  "version": 1,\r\n  "hooks": {}\r\n}';
  const { box } = await scenario(
    "cursor",
    plan("A B -A -B"),
    (put) => put("home/.cursor/hooks.json", mine),
  );
  try {
    assert.equal(readFileSync(join(box.home, ".cursor", "hooks.json"), "utf8"), mine);
  } finally {
    box.dispose();
  }
});
