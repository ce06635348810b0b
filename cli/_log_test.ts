import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { logLevel, logs } from "./_log.ts";
import { runCliCaptured } from "../tests/_helpers/cli.ts";

test("AGENT_CONNECTOR_LOG picks the level; unset or unknown is info", () => {
  assert.equal(logLevel({}), "info");
  assert.equal(logLevel({ AGENT_CONNECTOR_LOG: "loud" }), "info");
  assert.equal(logLevel({ AGENT_CONNECTOR_LOG: " WARN " }), "warn");
  assert.equal(logs({ AGENT_CONNECTOR_LOG: "warn" }, "warn"), true);
  assert.equal(logs({ AGENT_CONNECTOR_LOG: "warn" }, "info"), false);
  assert.equal(logs({ AGENT_CONNECTOR_LOG: "silent" }, "error"), false);
  assert.equal(logs({ AGENT_CONNECTOR_LOG: "debug" }, "debug"), true);
});

test("a command's info lines follow the level; its result and its errors do not", async () => {
  const home = mkdtempSync(join(tmpdir(), "ac-log-"));
  try {
    const exportTo = (level?: string) =>
      runCliCaptured(["telemetry", "export", "--out", join(home, "rows.json")], {
        home,
        cwd: home,
        env: level ? { AGENT_CONNECTOR_LOG: level } : {},
      });
    assert.match((await exportTo()).stderr, /^wrote 0 rows to /);
    assert.equal((await exportTo("warn")).stderr, "");
    const failed = await runCliCaptured(["telemetry", "frob"], {
      home,
      env: { AGENT_CONNECTOR_LOG: "silent" },
    });
    assert.equal(failed.code, 2);
    assert.match(failed.stderr, /frob/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
