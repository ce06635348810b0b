import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { parseJsonText } from "../core/edit_json.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();
const CMD = "/h/.agent-connector/bin/agent-connector hook claude-code PreToolUse --connector acme";
const owns = (g: unknown) => JSON.stringify(g).includes("--connector acme");
const group = (matcher: string) => ({ matcher, hooks: [{ type: "command", command: CMD }] });
const sync = (file: string, items: unknown[]): Edit => ({
  op: "json.items.sync",
  platform: "claude-code",
  file,
  path: ["hooks", "PreToolUse"],
  owns,
  items,
  label: "hooks PreToolUse",
});

describe("items sync", () => {
  const original =
    '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "mine.sh" }] }\n    ]\n  }\n}\n';

  it("adds our hook groups beside the user's, replaces them when they change, and removes them byte-exactly", async () => {
    const file = join(box.root, "settings.json");
    writeFileSync(file, original);
    assert.equal(
      (await applyEdits([sync(file, [group("Bash"), group("Edit")])], box.opts)).changes[0].action,
      "create",
    );
    assert.equal(
      (await applyEdits([sync(file, [group("Bash"), group("Edit")])], box.opts)).changes[0].action,
      "skip",
    );
    const upgraded = await applyEdits([sync(file, [group("Bash|Edit")])], box.opts);
    assert.equal(upgraded.changes[0].action, "update");
    const groups = (parseJsonText(readFileSync(file, "utf8")) as {
      hooks: { PreToolUse: { matcher: string }[] };
    })
      .hooks.PreToolUse.map((g) => g.matcher);
    assert.deepEqual(groups, ["Bash", "Bash|Edit"]);
    assert.equal((await applyEdits([sync(file, [])], box.opts)).changes[0].action, "remove");
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("removes the event array it created once our last group is gone", async () => {
    const file = join(box.root, "settings.json");
    writeFileSync(file, '{ "model": "opus" }\n');
    await applyEdits([sync(file, [group("Bash")])], box.opts);
    await applyEdits([sync(file, [])], box.opts);
    assert.equal(readFileSync(file, "utf8"), '{ "model": "opus" }\n');
  });

  it("keeps Kimi [[hooks]] entries of the user in a TOML file", async () => {
    const file = join(box.root, "config.toml");
    const toml = '[[hooks]]\nevent = "Stop"\ncommand = "notify-send done"\n';
    writeFileSync(file, toml);
    const entry = {
      event: "PreToolUse",
      matcher: ".*",
      command: CMD.replace("claude-code", "kimi"),
    };
    const edit = (items: unknown[]): Edit => ({
      op: "toml.items.sync",
      platform: "kimi",
      file,
      path: ["hooks"],
      owns,
      items,
    });
    await applyEdits([edit([entry])], box.opts);
    assert.ok(readFileSync(file, "utf8").startsWith(toml + '\n[[hooks]]\nevent = "PreToolUse"'));
    await applyEdits([edit([])], box.opts);
    assert.equal(readFileSync(file, "utf8"), toml);
  });
});
