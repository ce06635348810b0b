import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";
import { setYamlAt, upsertYamlItem } from "../core/edit_yaml.ts";

const box = useEngineSandbox();

describe("applyEdits on YAML", () => {
  it("installs and uninstalls a Goose extension, keeping the file byte for byte", async () => {
    const file = join(box.root, "config.yaml");
    const original =
      "# goose\nextensions:\n  developer:\n    type: builtin  # keep\nGOOSE_MODEL: gpt-4o\n";
    writeFileSync(file, original);
    const set: Edit = {
      op: "yaml.set",
      platform: "goose",
      file,
      path: ["extensions", "acme"],
      value: { cmd: "acme", type: "stdio" },
    };
    assert.equal((await applyEdits([set], box.opts)).changes[0].action, "create");
    assert.equal((await applyEdits([set], box.opts)).changes[0].action, "skip");
    const r = await applyEdits([{
      op: "yaml.remove",
      platform: "goose",
      file,
      path: ["extensions", "acme"],
    }], box.opts);
    assert.equal(r.changes[0].action, "remove");
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("adds a Continue server to the mcpServers list and removes the list it created", async () => {
    const file = join(box.root, "config.yaml");
    const original = "name: Local\nversion: 0.0.1\nmodels: []\n";
    writeFileSync(file, original);
    const item = (op: "yaml.item.set" | "yaml.item.remove"): Edit =>
      op === "yaml.item.set"
        ? {
          op,
          platform: "continue",
          file,
          path: ["mcpServers"],
          match: { name: "acme" },
          value: { name: "acme", command: "acme" },
        }
        : { op, platform: "continue", file, path: ["mcpServers"], match: { name: "acme" } };
    await applyEdits([item("yaml.item.set")], box.opts);
    assert.equal(
      readFileSync(file, "utf8"),
      original + "mcpServers:\n  - name: acme\n    command: acme\n",
    );
    await applyEdits([item("yaml.item.remove")], box.opts);
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("reports a YAML file that does not parse with its line", async () => {
    const file = join(box.root, "config.yaml");
    writeFileSync(file, "a: 1\nb: [\n");
    const r = await applyEdits([{
      op: "yaml.set",
      platform: "hermes",
      file,
      path: ["mcp_servers", "acme"],
      value: {},
    }], box.opts);
    assert.match(r.changes[0].detail, /config\.yaml: line \d+: not valid YAML/);
    assert.equal(readFileSync(file, "utf8"), "a: 1\nb: [\n");
  });

  it("creates a missing config.yaml with edit_yaml's text and removes it again", async () => {
    const file = join(box.root, "config.yaml");
    const value = {
      name: "acme",
      command: "/opt/bin/agent-connector",
      args: ["serve", "--connector", "acme", "--", "npx", "-y", "@acme/mcp"],
      env: { ACME_LOG: "info", ACME_PORT: 8080 },
    };
    const set: Edit = {
      op: "yaml.item.set",
      platform: "continue",
      file,
      path: ["mcpServers"],
      match: { name: "acme" },
      value,
    };
    const dry = await applyEdits([set], { ...box.opts, dryRun: true });
    assert.equal(dry.changes[0].action, "create");
    assert.equal(existsSync(file), false);
    assert.equal((await applyEdits([set], box.opts)).changes[0].action, "create");
    assert.equal(readFileSync(file, "utf8"), upsertYamlItem("", ["mcpServers"], {}, value).text);
    assert.equal((await applyEdits([set], box.opts)).changes[0].action, "skip");
    const r = await applyEdits([{
      op: "yaml.item.remove",
      platform: "continue",
      file,
      path: ["mcpServers"],
      match: { name: "acme" },
    }], box.opts);
    assert.equal(r.changes[0].action, "remove");
    assert.equal(existsSync(file), false);
  });

  it("writes two entries into a missing file, and values it cannot render plainly, as edit_yaml does", async () => {
    const file = join(box.root, "config.yaml");
    const first = { command: "acme" };
    const second = { command: "caf\u00e9", args: [] };
    const edits: Edit[] = [
      { op: "yaml.set", platform: "goose", file, path: ["extensions", "a"], value: first },
      { op: "yaml.set", platform: "goose", file, path: ["extensions", "b"], value: second },
    ];
    await applyEdits(edits, box.opts);
    const expected = setYamlAt(setYamlAt("", ["extensions", "a"], first).text, [
      "extensions",
      "b",
    ], second).text;
    assert.equal(readFileSync(file, "utf8"), expected);
    const other = join(box.root, "other.yaml");
    await applyEdits([{ ...edits[1], file: other }], box.opts);
    assert.equal(readFileSync(other, "utf8"), setYamlAt("", ["extensions", "b"], second).text);
  });
});
