import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { ownedLedgerPath } from "../io/ledgers.ts";
import { listFiles } from "../tests/_helpers/temp.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();

const home = () => join(box.root, "home");
const settings = () => join(home(), ".claude", "settings.json");
const server = (file: string, value: unknown = { command: "acme" }): Edit => ({
  op: "json.set",
  platform: "claude-code",
  file,
  path: ["mcpServers", "acme"],
  value,
  label: "MCP server acme",
});
const unserver = (file: string): Edit => ({
  op: "json.remove",
  platform: "claude-code",
  file,
  path: ["mcpServers", "acme"],
  label: "MCP server acme",
});

function write(path: string, text: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}

describe("applyEdits", () => {
  it("creates an entry, then skips it on a second run, then removes it byte-exactly", async () => {
    const file = join(home(), ".claude.json");
    const original = '{\n  // user settings\n  "theme": "dark",\n}\n';
    write(file, original);
    const first = await applyEdits([server(file)], box.opts);
    assert.deepEqual(first.changes.map((c) => c.action), ["create"]);
    assert.equal(first.backups.length, 1);
    assert.equal(readFileSync(first.backups[0], "utf8"), original);
    const second = await applyEdits([server(file)], box.opts);
    assert.deepEqual(second.changes.map((c) => c.action), ["skip"]);
    assert.equal(second.backups.length, 0);
    const gone = await applyEdits([unserver(file)], box.opts);
    assert.deepEqual(gone.changes.map((c) => c.action), ["remove"]);
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("creates a missing file with its folders and deletes both again on uninstall", async () => {
    const file = join(box.root, "proj", ".cursor", "mcp.json");
    await applyEdits([server(file)], box.opts);
    assert.equal(
      readFileSync(file, "utf8"),
      '{\n  "mcpServers": {\n    "acme": {\n      "command": "acme"\n    }\n  }\n}\n',
    );
    await applyEdits([unserver(file)], box.opts);
    assert.equal(existsSync(join(box.root, "proj", ".cursor")), false);
    assert.equal(existsSync(join(box.root, "proj")), false);
    assert.deepEqual(listFiles(box.root).filter((f) => !f.startsWith("data/backups/")), []);
  });

  it("never overwrites an entry of the same name it did not write", async () => {
    const file = join(home(), ".claude.json");
    const original = '{"mcpServers": {"acme": {"command": "users-own"}}}';
    write(file, original);
    const r = await applyEdits([server(file)], box.opts);
    assert.equal(r.changes[0].action, "warn");
    assert.match(r.changes[0].detail, /not written by agent-connector/);
    const u = await applyEdits([unserver(file)], box.opts);
    assert.equal(u.changes[0].action, "warn");
    assert.equal(readFileSync(file, "utf8"), original);
  });

  it("updates an entry it owns and adopts one an adopt test recognises", async () => {
    const file = join(home(), ".claude.json");
    await applyEdits([server(file, { command: "v1" })], box.opts);
    const r = await applyEdits([server(file, { command: "v2" })], box.opts);
    assert.equal(r.changes[0].action, "update");
    const other = join(home(), "other.json");
    write(
      other,
      '{"mcpServers": {"acme": {"command": "/h/.agent-connector/bin/agent-connector serve"}}}',
    );
    const adopt = {
      ...server(other),
      adopt: (v: unknown) => JSON.stringify(v).includes(".agent-connector/bin"),
    } as Edit;
    assert.equal((await applyEdits([adopt], box.opts)).changes[0].action, "update");
  });

  it("never overwrites a file that does not parse and goes on with the others", async () => {
    const broken = settings();
    const brokenText = '{\n  "hooks": {\n    "Stop": []\n  \n  "x": 1\n}\n';
    write(broken, brokenText);
    const good = join(home(), ".claude.json");
    const r = await applyEdits([
      {
        op: "json.patch",
        platform: "claude-code",
        file: broken,
        path: ["env", "A"],
        value: "1",
        reason: "r",
      },
      server(broken),
      server(good),
    ], box.opts);
    assert.deepEqual(r.changes.map((c) => c.action), ["warn", "create"]);
    assert.match(
      r.changes[0].detail,
      /settings\.json: line 5: not valid JSON \(comma expected\); left unchanged/,
    );
    assert.equal(readFileSync(broken, "utf8"), brokenText);
    assert.ok(existsSync(good));
  });

  it("computes the same records in a dry run and writes nothing", async () => {
    const file = join(home(), ".claude.json");
    write(file, "{}\n");
    const edits: Edit[] = [server(file), {
      op: "file.set",
      platform: "claude-code",
      file: join(home(), "x.md"),
      content: "hi\n",
    }];
    const dry = await applyEdits(edits, { ...box.opts, dryRun: true });
    assert.deepEqual(listFiles(box.root), ["home/.claude.json"]);
    assert.equal(readFileSync(file, "utf8"), "{}\n");
    const real = await applyEdits(edits, box.opts);
    assert.deepEqual(dry.changes, real.changes);
  });

  it("applies several edits to one file with one write and one backup", async () => {
    const file = settings();
    write(file, '{\n  "model": "opus"\n}\n');
    const r = await applyEdits([
      {
        op: "json.item.set",
        platform: "claude-code",
        file,
        path: ["hooks", "Stop"],
        match: { id: "acme" },
        value: { id: "acme" },
      },
      {
        op: "json.patch",
        platform: "claude-code",
        file,
        path: ["env", "FLAG"],
        value: "1",
        reason: "needed",
      },
    ], box.opts);
    assert.deepEqual(r.changes.map((c) => c.action), ["create", "create"]);
    assert.equal(r.backups.length, 1);
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), {
      model: "opus",
      hooks: { Stop: [{ id: "acme" }] },
      env: { FLAG: "1" },
    });
  });

  it("keeps the file mode and leaves no temporary files", async () => {
    const file = join(home(), ".claude.json");
    write(file, "{}");
    const { chmodSync } = await import("node:fs");
    chmodSync(file, 0o600);
    await applyEdits([server(file)], box.opts);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(home()), [".claude.json"]);
  });
});

describe("applyEdits with whole files", () => {
  const cmd = (file: string, content = "Deploy it.\n"): Edit => ({
    op: "file.set",
    platform: "claude-code",
    file,
    content,
    label: "command /deploy",
  });
  const uncmd = (file: string): Edit => ({
    op: "file.remove",
    platform: "claude-code",
    file,
    label: "command /deploy",
  });

  it("never clobbers a file of the same name the user wrote", async () => {
    const file = join(box.root, "p", ".claude", "commands", "deploy.md");
    write(file, "my own\n");
    assert.equal((await applyEdits([cmd(file)], box.opts)).changes[0].action, "warn");
    assert.equal((await applyEdits([uncmd(file)], box.opts)).changes[0].action, "warn");
    assert.equal(readFileSync(file, "utf8"), "my own\n");
  });

  it("leaves a hand-edited file alone unless forced, and removes only folders it created", async () => {
    mkdirSync(join(box.root, "p", ".claude"), { recursive: true });
    const file = join(box.root, "p", ".claude", "skills", "deploy", "SKILL.md");
    assert.equal((await applyEdits([cmd(file)], box.opts)).changes[0].action, "create");
    writeFileSync(file, "edited\n");
    const kept = await applyEdits([cmd(file, "v2\n")], box.opts);
    assert.equal(kept.changes[0].action, "warn");
    assert.equal(readFileSync(file, "utf8"), "edited\n");
    const forced = await applyEdits([cmd(file, "v2\n")], { ...box.opts, force: true });
    assert.equal(forced.changes[0].action, "update");
    assert.equal(readFileSync(forced.backups[0], "utf8"), "edited\n");
    assert.equal((await applyEdits([uncmd(file)], box.opts)).changes[0].action, "remove");
    assert.equal(existsSync(join(box.root, "p", ".claude", "skills")), false);
    assert.equal(existsSync(join(box.root, "p", ".claude")), true);
  });

  it("removes a folder it created with the last of several files in it, in any order", async () => {
    mkdirSync(join(box.root, "p"), { recursive: true });
    const dir = join(box.root, "p", ".clinerules", "hooks");
    const [a, b] = [join(dir, "TaskStart"), join(dir, "PreToolUse")];
    await applyEdits([cmd(a), cmd(b)], box.opts);
    await applyEdits([uncmd(a)], box.opts);
    assert.equal(existsSync(dir), true, "the other file still lives there");
    await applyEdits([uncmd(b)], box.opts);
    assert.equal(existsSync(join(box.root, "p", ".clinerules")), false);
    assert.equal(existsSync(join(box.root, "p")), true);
  });

  it("sets and keeps the executable bit of a hook script", async () => {
    const file = join(box.root, "hook.sh");
    const edit: Edit = {
      op: "file.set",
      platform: "claude-code",
      file,
      content: "#!/bin/sh\n",
      mode: 0o755,
    };
    await applyEdits([edit], box.opts);
    assert.equal(statSync(file).mode & 0o777, 0o755);
    const { chmodSync } = await import("node:fs");
    chmodSync(file, 0o644);
    assert.equal((await applyEdits([edit], box.opts)).changes[0].action, "update");
    assert.equal(statSync(file).mode & 0o777, 0o755);
    assert.equal((await applyEdits([edit], box.opts)).changes[0].action, "skip");
  });
});

describe("applyEdits when a write fails", () => {
  it("reports the file, leaves it and its ledgers as they were, and goes on", async () => {
    const file = join(home(), ".claude.json");
    write(file, "{}\n");
    // No backup can be taken (backups/ is a file), so the file must not be written either.
    write(join(box.root, "data", "backups"), "not a folder");
    const other = join(home(), "new.json");
    const r = await applyEdits([server(file), server(other)], box.opts);
    assert.equal(r.changes[0].action, "warn");
    // The message blames the backup, not the user's file, and names where it goes.
    assert.match(
      r.changes[0].detail,
      /\.claude\.json cannot be backed up \(.+: .*[\\/]data[\\/]backups[\\/]\.claude\.json-[0-9a-f]{12}\); left unchanged/,
    );
    assert.equal(r.changes[1].action, "create");
    assert.equal(readFileSync(file, "utf8"), "{}\n");
    const owned = JSON.parse(readFileSync(ownedLedgerPath(box.opts.dataRoot, "acme"), "utf8"));
    assert.deepEqual(owned.records.map((r: { file: string }) => r.file), [other]);
  });
});

describe("applyEdits on files with a BOM and CRLF", () => {
  it("keeps the BOM and line endings of every format through install and uninstall", async () => {
    const cases: [string, string, Edit, Edit][] = [
      ["s.json", '\uFEFF{\r\n  "a": 1\r\n}\r\n', server(""), unserver("")],
      ["c.toml", "\uFEFFa = 1\r\n", {
        op: "toml.table.set",
        platform: "codex",
        file: "",
        table: ["t"],
        value: { b: 2 },
      }, { op: "toml.table.remove", platform: "codex", file: "", table: ["t"] }],
      ["c.yaml", "\uFEFFa: 1\r\n", {
        op: "yaml.set",
        platform: "goose",
        file: "",
        path: ["e", "acme"],
        value: { cmd: "x" },
      }, { op: "yaml.remove", platform: "goose", file: "", path: ["e", "acme"] }],
      ["AGENTS.md", "\uFEFF# Rules\r\n", {
        op: "block.set",
        platform: "codex",
        file: "",
        blockId: "acme/m",
        content: "x",
        scope: "project",
      }, { op: "block.remove", platform: "codex", file: "", prefix: "acme/", scope: "project" }],
    ];
    for (const [name, text, set, unset] of cases) {
      const file = join(box.root, name);
      writeFileSync(file, text);
      await applyEdits([{ ...set, file } as Edit], box.opts);
      const mid = readFileSync(file);
      assert.deepEqual([...mid.subarray(0, 3)], [0xef, 0xbb, 0xbf], name);
      assert.ok(!/[^\r]\n/.test(mid.toString("utf8")), name + " gained a bare LF");
      await applyEdits([{ ...unset, file } as Edit], box.opts);
      assert.equal(readFileSync(file, "utf8"), text, name);
    }
  });
});
