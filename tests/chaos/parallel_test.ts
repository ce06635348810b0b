/**
 * Several connectors installed and uninstalled at once, as separate
 * processes (#19 "parallel installs/uninstalls"): the install lock orders
 * them, each plans under it, and once all are uninstalled every byte of the
 * user's files is back and nothing of ours is left (shared hook files
 * included). `CHAOS_RUNS=<n>` sets the rounds (1).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSameTree } from "../_helpers/tree.ts";
import { chaosBox, FULL, runs } from "./_box.ts";
import { runChild } from "./_kill.ts";

const IDS = ["alpha", "beta", "gamma"];
const TARGETS = "claude-code,cursor,gemini-cli,codex";

test("three connectors installed at once, then uninstalled at once, leave every byte as it was", async () => {
  for (let round = 0; round < runs(1); round++) {
    const box = chaosBox((put) => {
      put("home/.claude.json", '{\n  "theme": "dark"\n}\n');
      put("home/.cursor/hooks.json", '{\n  "version": 1,\n  "hooks": {}\n}\n');
      put("home/.codex/config.toml", 'model = "o3"\r\n');
    });
    try {
      const before = box.snap();
      const dirs = IDS.map((id) => box.connector(id, FULL));
      const installs = await Promise.all(
        dirs.map((d) => runChild(box, "install", "--connector", d, "--targets", TARGETS)),
      );
      for (const r of installs) assert.equal(r.code, 0, r.output);
      // One is upgraded while another is uninstalled and a third re-installed.
      box.connector("alpha", { ...FULL, commands: ["ship"] });
      const mixed = await Promise.all([
        runChild(box, "install", "--connector", dirs[0], "--targets", TARGETS),
        runChild(box, "uninstall", "--connector-id", "beta", "--targets", TARGETS),
        runChild(box, "install", "--connector", dirs[2], "--targets", TARGETS),
      ]);
      for (const r of mixed) assert.equal(r.code, 0, r.output);
      const gone = await Promise.all(
        IDS.map((id) => runChild(box, "uninstall", "--connector-id", id, "--targets", TARGETS)),
      );
      for (const r of gone) assert.equal(r.code, 0, r.output);
      assertSameTree(box.snap(), before, `round ${round}`);
    } finally {
      box.dispose();
    }
  }
});
