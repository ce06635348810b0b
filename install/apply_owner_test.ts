/**
 * A file the engine replaces keeps its owner, group and mode (#19 item 2):
 * an install run as root (sudo) over a user's file leaves it the user's.
 * A file or folder it creates as root in a user's folder is the user's
 * too, so the user can edit and remove it. The cases that need root skip
 * without it (CI containers run as root).
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, chownSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();
const root = process.getuid?.() === 0;
const USER = 1000;
const GROUP = 1001;

const set = (file: string): Edit => ({
  op: "json.set",
  platform: "claude-code",
  file,
  path: ["mcpServers", "acme"],
  value: { command: "acme" },
  label: "MCP server acme",
});
const remove = (file: string): Edit => ({
  op: "json.remove",
  platform: "claude-code",
  file,
  path: ["mcpServers", "acme"],
  label: "MCP server acme",
});

/** uid, gid and permission bits of `path`. */
function owner(path: string): [number, number, string] {
  const st = statSync(path);
  return [st.uid, st.gid, (st.mode & 0o7777).toString(8)];
}

describe("owner, group and mode", () => {
  it("a replaced file keeps its mode", async () => {
    const file = join(box.root, "settings.json");
    writeFileSync(file, '{"theme": "dark"}\n');
    chmodSync(file, 0o640);
    await applyEdits([set(file)], box.opts);
    assert.equal(owner(file)[2], "640");
    await applyEdits([remove(file)], box.opts);
    assert.equal(owner(file)[2], "640");
  });

  it("as root: a user's file stays the user's through install and uninstall", {
    skip: !root && "needs root",
  }, async () => {
    const home = join(box.root, "home");
    mkdirSync(home);
    chownSync(home, USER, GROUP);
    const file = join(home, ".claude.json");
    writeFileSync(file, '{"theme": "dark"}\n');
    chownSync(file, USER, GROUP);
    chmodSync(file, 0o600);
    await applyEdits([set(file)], box.opts);
    assert.deepEqual(owner(file), [USER, GROUP, "600"]);
    await applyEdits([remove(file)], box.opts);
    assert.deepEqual(owner(file), [USER, GROUP, "600"]);
  });

  it("as root: a file and folders created in a user's folder are the user's", {
    skip: !root && "needs root",
  }, async () => {
    const home = join(box.root, "home");
    mkdirSync(home);
    chownSync(home, USER, GROUP);
    const file = join(home, ".cursor", "deep", "mcp.json");
    await applyEdits([set(file)], box.opts);
    assert.deepEqual(owner(file).slice(0, 2), [USER, GROUP]);
    assert.deepEqual(owner(join(home, ".cursor")).slice(0, 2), [USER, GROUP]);
    assert.deepEqual(owner(join(home, ".cursor", "deep")).slice(0, 2), [USER, GROUP]);
  });
});
