/**
 * doctor (and status) report an install killed mid-way, and `doctor --heal`
 * rolls it back (#19 item 4): the host files are as they were before the install,
 * with no `*.ac-tmp` file and no journal left.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { assertSameTree } from "../_helpers/tree.ts";
import { chaosBox, FULL } from "./_box.ts";
import { runKilledAt } from "./_kill.ts";

test("doctor reports an interrupted install and --heal rolls it back", async () => {
  const box = chaosBox((put) => {
    put("home/.claude.json", '{\n  "theme": "dark"\n}\n');
    put("home/.gemini/settings.json", '{\r\n  "theme": "GitHub"\r\n}\r\n');
  });
  try {
    const before = box.snap();
    const dir = box.connector("acme", FULL);
    const journal = join(box.home, ".agent-connector", "state", "journal.ndjson");
    // The first crash point after the install began writing host files.
    let at = 3;
    for (; at < 60; at++) {
      const run = await runKilledAt(
        box,
        at,
        "install",
        "--connector",
        dir,
        "--targets",
        "claude-code,gemini-cli",
      );
      assert.ok(run.killed, `the install finished before crash point ${at}: ${run.output}`);
      if (existsSync(journal) && box.snap().files.size > before.files.size) break;
    }
    const doctor = await box.cli("doctor", "--json");
    const found = (JSON.parse(doctor.stdout) as Array<{ check: string; message: string }>)
      .find((f) => f.check === "interrupted run");
    assert.ok(found, doctor.stdout);
    assert.match(found.message, /acme .* was interrupted \(process \d+ is gone\)/);
    const status = await box.cli("status");
    assert.match(status.stdout, /^! an install or uninstall of acme .* was interrupted/m);
    const heal = await box.cli("doctor", "--heal");
    assert.match(heal.stdout, /rolled back the interrupted acme run of .*: \d+ file\(s\) put back/);
    assert.equal(existsSync(journal), false, "the journal is gone");
    assertSameTree(box.snap(), before, `healed after a kill at crash point ${at}`);
    const again = await box.cli("doctor", "--json");
    assert.ok(!again.stdout.includes("interrupted run"));
  } finally {
    box.dispose();
  }
});
