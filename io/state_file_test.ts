import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentConnectorError } from "../core/errors.ts";
import { readStateFile } from "./state_file.ts";

test("a state file that is not valid JSON is reported with its path, line and column", () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-state-"));
  try {
    const path = join(dir, "owned.json");
    writeFileSync(path, '{\n  "version": 1,\n  "records": [,\n}\n');
    assert.throws(
      () => readStateFile(path, {}),
      (e: unknown) =>
        e instanceof AgentConnectorError && e.code === "state-unreadable" && e.file === path &&
        e.message.startsWith(`Cannot read "${path}": it is not valid JSON (line 3, column 15: `) &&
        !e.message.includes("\n"),
    );
    assert.deepEqual(readStateFile(join(dir, "missing.json"), { rows: [] }), { rows: [] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
