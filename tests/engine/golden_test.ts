/**
 * Golden tests of the write engine on realistic host files: install must
 * give exactly `after.*`, a second install only skips, and uninstall gives
 * `before.*` back byte for byte. To regenerate the `after.*` files, run
 * with AGENT_CONNECTOR_UPDATE_GOLDEN=1 and review the diff like code.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { applyEdits } from "../../install/apply.ts";
import type { Edit } from "../../install/edits.ts";
import { claudeSensitiveKeyViolation } from "../../core/claude_sensitive_keys.ts";
import { tempDir } from "../_helpers/temp.ts";

const FIXTURES = fileURLToPath(new URL("../fixtures/engine/", import.meta.url));
const BIN = "/home/u/.agent-connector/bin/agent-connector";
const UPDATE = process.env.AGENT_CONNECTOR_UPDATE_GOLDEN === "1";

interface Case {
  name: string;
  dir: string;
  install(file: string): Edit[];
  uninstall(file: string): Edit[];
}

const hook = (event: string) => ({
  hooks: [{
    type: "command",
    command: `${BIN} hook claude-code ${event} --connector acme`,
    timeout: 30,
  }],
});
const ours = (g: unknown) => JSON.stringify(g).includes("--connector acme");

const CASES: Case[] = [
  {
    name: "a Codex config.toml with comments and two other servers",
    dir: "codex",
    install: (file) => [{
      op: "toml.table.set",
      platform: "codex",
      file,
      table: ["mcp_servers", "acme"],
      value: {
        command: BIN,
        args: ["serve", "--connector", "acme", "--", "npx", "-y", "acme-mcp@1.2.0"],
        env_vars: ["ACME_TOKEN"],
        startup_timeout_sec: 15,
        env: { ACME_MODE: "read-only" },
      },
      label: "MCP server acme",
    }],
    uninstall: (
      file,
    ) => [{
      op: "toml.table.remove",
      platform: "codex",
      file,
      table: ["mcp_servers", "acme"],
      label: "MCP server acme",
    }],
  },
  {
    name: "a Claude settings.json with the user's own hooks",
    dir: "claude_settings",
    install: (file) => [
      {
        op: "json.item.set",
        platform: "claude-code",
        file,
        path: ["hooks", "PreToolUse"],
        match: ours,
        key: "PreToolUse",
        value: { matcher: "mcp__acme__.*", ...hook("PreToolUse") },
      },
      {
        op: "json.item.set",
        platform: "claude-code",
        file,
        path: ["hooks", "SessionStart"],
        match: ours,
        key: "SessionStart",
        value: hook("SessionStart"),
      },
      {
        op: "json.patch",
        platform: "claude-code",
        file,
        path: ["env", "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS"],
        value: "1",
        reason: "acme uses agent teams",
        guard: claudeSensitiveKeyViolation,
      },
      {
        op: "json.patch",
        platform: "claude-code",
        file,
        path: ["statusLine"],
        value: { type: "command", command: `${BIN} statusline claude-code --connector acme` },
        reason: "status line",
      },
    ],
    uninstall: (file) => [
      { op: "json.patch.release", platform: "claude-code", file, path: ["statusLine"] },
      {
        op: "json.patch.release",
        platform: "claude-code",
        file,
        path: ["env", "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS"],
      },
      {
        op: "json.item.remove",
        platform: "claude-code",
        file,
        path: ["hooks", "PreToolUse"],
        match: ours,
        key: "PreToolUse",
      },
      {
        op: "json.item.remove",
        platform: "claude-code",
        file,
        path: ["hooks", "SessionStart"],
        match: ours,
        key: "SessionStart",
      },
    ],
  },
  {
    name: "a VS Code mcp.json with comments, tabs, trailing commas and inputs",
    dir: "vscode_mcp",
    install: (
      file,
    ) => [{
      op: "json.set",
      platform: "vscode-copilot",
      file,
      path: ["servers", "acme"],
      value: { type: "stdio", command: BIN, args: ["serve", "--connector", "acme"] },
    }],
    uninstall: (
      file,
    ) => [{ op: "json.remove", platform: "vscode-copilot", file, path: ["servers", "acme"] }],
  },
  {
    name: "a Continue config.yaml",
    dir: "continue",
    install: (
      file,
    ) => [{
      op: "yaml.item.set",
      platform: "continue",
      file,
      path: ["mcpServers"],
      match: { name: "acme" },
      value: { name: "acme", command: BIN, args: ["serve", "--connector", "acme"] },
    }],
    uninstall: (
      file,
    ) => [{
      op: "yaml.item.remove",
      platform: "continue",
      file,
      path: ["mcpServers"],
      match: { name: "acme" },
    }],
  },
  {
    name: "a CLAUDE.md with prose and a fenced example of marker text",
    dir: "claude_md",
    install: (
      file,
    ) => [{
      op: "block.set",
      platform: "claude-code",
      file,
      blockId: "acme/memory",
      content: "Query the warehouse with the acme tools.\n\n```sql\nselect 1;\n```",
      scope: "project",
    }],
    uninstall: (
      file,
    ) => [{ op: "block.remove", platform: "claude-code", file, prefix: "acme/", scope: "project" }],
  },
  {
    name: "a CRLF AGENTS.md with a tilde-fenced marker",
    dir: "agents_md",
    install: (
      file,
    ) => [{
      op: "block.set",
      platform: "codex",
      file,
      blockId: "acme/memory",
      content: "Query the warehouse with the acme tools.",
      scope: "project",
    }],
    uninstall: (
      file,
    ) => [{ op: "block.remove", platform: "codex", file, prefix: "acme/", scope: "project" }],
  },
];

describe("golden files", () => {
  for (const c of CASES) {
    it(`installs into and uninstalls from ${c.name} byte for byte`, async () => {
      const { dir, cleanup } = tempDir();
      try {
        const fixture = join(FIXTURES, c.dir);
        const before = readdirSync(fixture).find((n) => n.startsWith("before."))!;
        const ext = before.slice("before.".length);
        const file = join(dir, "host-file." + ext);
        copyFileSync(join(fixture, before), file);
        const opts = {
          dataRoot: join(dir, "data"),
          connectorId: "acme",
          connectorVersion: "1.2.0",
        };
        const first = await applyEdits(c.install(file), opts);
        assert.deepEqual(first.changes.filter((r) => r.action !== "create"), []);
        const golden = join(fixture, "after." + ext);
        if (UPDATE || !existsSync(golden)) writeFileSync(golden, readFileSync(file));
        assert.equal(readFileSync(file, "utf8"), readFileSync(golden, "utf8"));
        const again = await applyEdits(c.install(file), opts);
        assert.deepEqual(again.changes.map((r) => r.action), c.install(file).map(() => "skip"));
        const gone = await applyEdits(c.uninstall(file), opts);
        assert.deepEqual(gone.changes.map((r) => r.action), c.uninstall(file).map(() => "remove"));
        assert.equal(readFileSync(file, "utf8"), readFileSync(join(fixture, before), "utf8"));
      } finally {
        cleanup();
      }
    });
  }
});
