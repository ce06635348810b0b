import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { claudeSensitiveKeyViolation } from "../core/claude_sensitive_keys.ts";
import { configPatchLedgerPath } from "../io/ledgers.ts";
import { tempDir } from "../tests/_helpers/temp.ts";

let root: string;
let cleanup: () => void;
let file: string;
const original = '{\n  // mine\n  "model": "opus"\n}\n';

beforeEach(() => {
  ({ dir: root, cleanup } = tempDir());
  file = join(root, ".claude", "settings.json");
  mkdirSync(join(root, ".claude"));
  writeFileSync(file, original);
});
afterEach(() => cleanup());

const patch = (value: unknown = "1", key = ["env", "TEAMS"]): Edit => ({
  op: "json.patch",
  platform: "claude-code",
  file,
  path: key,
  value,
  reason: "teams",
  guard: claudeSensitiveKeyViolation,
});
const release = (key = ["env", "TEAMS"]): Edit => ({
  op: "json.patch.release",
  platform: "claude-code",
  file,
  path: key,
});
const as = (id: string) => ({
  dataRoot: join(root, "data"),
  connectorId: id,
  connectorVersion: "1.0.0",
});

describe("configPatch through the engine", () => {
  it("creates the key with its parent and removes both on uninstall, byte-exactly", async () => {
    const r = await applyEdits([patch()], as("acme"));
    assert.equal(r.changes[0].action, "create");
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8").replace("// mine", "")).env, {
      TEAMS: "1",
    });
    const rows = JSON.parse(readFileSync(configPatchLedgerPath(join(root, "data")), "utf8")).rows;
    assert.equal(rows[0].key, "env.TEAMS");
    assert.deepEqual(rows[0].prior, { present: false });
    const u = await applyEdits([release()], as("acme"));
    assert.equal(u.changes[0].action, "remove");
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("keeps a co-owned key until the last owner leaves", async () => {
    await applyEdits([patch()], as("acme"));
    assert.equal((await applyEdits([patch()], as("beta"))).changes[0].action, "skip");
    const first = await applyEdits([release()], as("acme"));
    assert.match(first.changes[0].detail, /still owned by beta/);
    assert.notEqual(readFileSync(file, "utf8"), original);
    assert.equal((await applyEdits([release()], as("beta"))).changes[0].action, "remove");
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("refuses a denylisted key and writes nothing", async () => {
    const r = await applyEdits([patch("x", ["env", "GITHUB_TOKEN"])], as("acme"));
    assert.equal(r.changes[0].action, "warn");
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("never deletes a key the user set before install", async () => {
    writeFileSync(file, '{"env": {"TEAMS": "1"}}');
    assert.equal((await applyEdits([patch()], as("acme"))).changes[0].action, "warn");
    assert.equal((await applyEdits([release()], as("acme"))).changes[0].action, "skip");
    assert.equal(readFileSync(file, "utf8"), '{"env": {"TEAMS": "1"}}');
  });
});
