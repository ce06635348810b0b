import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();

const table = (file: string, value: Record<string, unknown> = { command: "acme" }): Edit => ({
  op: "toml.table.set",
  platform: "codex",
  file,
  table: ["mcp_servers", "acme"],
  value,
  label: "MCP server acme",
});
const untable = (file: string): Edit => ({
  op: "toml.table.remove",
  platform: "codex",
  file,
  table: ["mcp_servers", "acme"],
  label: "MCP server acme",
});

describe("applyEdits on TOML", () => {
  it("installs, skips, updates and uninstalls a Codex server table byte-exactly", async () => {
    const file = join(box.root, ".codex", "config.toml");
    mkdirSync(join(box.root, ".codex"));
    const original = '# mine\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "x"\n';
    writeFileSync(file, original);
    assert.equal((await applyEdits([table(file)], box.opts)).changes[0].action, "create");
    assert.equal((await applyEdits([table(file)], box.opts)).changes[0].action, "skip");
    assert.equal(
      (await applyEdits([table(file, { command: "v2" })], box.opts)).changes[0].action,
      "update",
    );
    assert.equal((await applyEdits([untable(file)], box.opts)).changes[0].action, "remove");
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("never overwrites a table of the same name it did not write", async () => {
    const file = join(box.root, "config.toml");
    writeFileSync(file, '[mcp_servers.acme]\ncommand = "users-own"\n');
    const r = await applyEdits([table(file)], box.opts);
    assert.equal(r.changes[0].action, "warn");
    assert.equal((await applyEdits([untable(file)], box.opts)).changes[0].action, "warn");
    assert.equal(readFileSync(file, "utf8"), '[mcp_servers.acme]\ncommand = "users-own"\n');
  });

  it("reports a file that does not parse with its line and writes nothing", async () => {
    const file = join(box.root, "config.toml");
    writeFileSync(file, "a = 1\n[broken\n");
    const r = await applyEdits([table(file)], box.opts);
    assert.equal(r.changes.length, 1);
    assert.match(r.changes[0].detail, /config\.toml: line 2: not valid TOML/);
    assert.doesNotMatch(r.changes[0].detail, /\n/, "one line, no code frame");
    assert.equal(readFileSync(file, "utf8"), "a = 1\n[broken\n");
  });

  it("warns, without writing, about a server table written inline", async () => {
    const file = join(box.root, "config.toml");
    writeFileSync(file, 'mcp_servers = { other = { command = "x" } }\n');
    const r = await applyEdits([table(file)], box.opts);
    assert.equal(r.changes[0].action, "warn");
    assert.match(r.changes[0].detail, /MCP server acme: .*left unchanged/);
  });

  it("creates a TOML file and deletes it again when uninstall empties it", async () => {
    const file = join(box.root, ".vibe", "config.toml");
    const item: Edit = {
      op: "toml.item.set",
      platform: "mistral-vibe",
      file,
      array: ["mcp_servers"],
      match: { name: "acme" },
      value: { name: "acme", command: "a" },
    };
    await applyEdits([item], box.opts);
    assert.equal(readFileSync(file, "utf8"), '[[mcp_servers]]\nname = "acme"\ncommand = "a"\n');
    const r = await applyEdits([{
      op: "toml.item.remove",
      platform: "mistral-vibe",
      file,
      array: ["mcp_servers"],
      match: { name: "acme" },
    }], box.opts);
    assert.equal(r.changes[0].action, "remove");
    assert.equal(existsSync(join(box.root, ".vibe")), false);
  });
});
