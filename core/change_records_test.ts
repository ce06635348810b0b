import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ChangeRecord } from "./platform_types.ts";
import {
  changeExitCode,
  formatChangeLine,
  formatInstallResult,
  formatInstallResultJson,
  tallyChanges,
} from "./change_records.ts";

const changes: ChangeRecord[] = [
  {
    platform: "claude-code",
    action: "create",
    path: "/h/.claude.json",
    detail: "MCP server acme: added",
  },
  {
    platform: "codex",
    action: "update",
    path: "/h/.codex/config.toml",
    detail: "MCP server acme: updated",
  },
  {
    platform: "cursor",
    action: "remove",
    path: "/p/.cursor/mcp.json",
    detail: "MCP server acme: removed",
  },
  {
    platform: "claude-code",
    action: "skip",
    path: "/h/.claude/CLAUDE.md",
    detail: "memory acme/memory: unchanged",
  },
  {
    platform: "zed",
    action: "warn",
    detail: "hooks: zed has no hook layer; 3 events not installed",
  },
];

describe("change records output", () => {
  it("prints one line per record with its symbol and a home-relative path", () => {
    assert.deepEqual(changes.map((c) => formatChangeLine(c, { home: "/h" })), [
      "+ claude-code  MCP server acme: added  (~/.claude.json)",
      "~ codex  MCP server acme: updated  (~/.codex/config.toml)",
      "- cursor  MCP server acme: removed  (/p/.cursor/mcp.json)",
      "= claude-code  memory acme/memory: unchanged  (~/.claude/CLAUDE.md)",
      "! zed  hooks: zed has no hook layer; 3 events not installed",
    ]);
  });

  it("does not repeat a path the detail already names", () => {
    const c: ChangeRecord = {
      platform: "claude-code",
      action: "warn",
      path: "/h/s.json",
      detail: "/h/s.json: line 3: not valid JSON",
    };
    assert.equal(
      formatChangeLine(c, { home: "/h" }),
      "! claude-code  ~/s.json: line 3: not valid JSON",
    );
  });

  it("ends with the tally, phrased for a dry run, counting every ! line it printed", () => {
    const text = formatInstallResult({
      connectorId: "acme",
      dryRun: true,
      changes,
      warnings: ["soft budget"],
    }, { home: "/h" });
    const lines = text.trimEnd().split("\n");
    assert.equal(lines.at(-2), "! soft budget");
    assert.equal(
      lines.at(-1),
      "Dry run, nothing written: 1 to create, 1 to update, 1 to remove, 1 unchanged, 2 warnings",
    );
    assert.deepEqual(tallyChanges(changes), { create: 1, update: 1, remove: 1, skip: 1, warn: 1 });
  });

  it("exits 1 when any change warned, else 0", () => {
    assert.equal(changeExitCode({ changes }), 1);
    assert.equal(changeExitCode({ changes: changes.slice(0, 4) }), 0);
  });

  it("emits the InstallResult itself as JSON", () => {
    const r = { connectorId: "acme", dryRun: false, changes, warnings: [] };
    assert.deepEqual(JSON.parse(formatInstallResultJson(r)), r);
  });
});

describe("framework rows", () => {
  it("name agent-connector, not the internal 'synthetic' platform, in text; JSON keeps the record", () => {
    const home: ChangeRecord = {
      platform: "synthetic",
      action: "create",
      path: "/h/.agent-connector/bin/agent-connector",
      detail: "home binary → /usr/bin/node /x/cli/main.js",
    };
    assert.equal(
      formatChangeLine(home, { home: "/h" }),
      "+ agent-connector  home binary → /usr/bin/node /x/cli/main.js  (~/.agent-connector/bin/agent-connector)",
    );
    const json = JSON.parse(
      formatInstallResultJson({ connectorId: "a", dryRun: false, changes: [home], warnings: [] }),
    );
    assert.equal(json.changes[0].platform, "synthetic");
  });
});

describe("home-relative paths", () => {
  it("leave a file URL whole instead of printing file://~/…", () => {
    const line = formatChangeLine({
      platform: "synthetic",
      action: "warn",
      detail:
        'acme: cannot load /h/pkg/agent-connector.config.mjs (Module not found "file:///h/pkg/agent-connector.config.mjs".)',
    }, { home: "/h" });
    assert.equal(
      line,
      '! agent-connector  acme: cannot load ~/pkg/agent-connector.config.mjs (Module not found "file:///h/pkg/agent-connector.config.mjs".)',
    );
  });
});
