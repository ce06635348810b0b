import { test } from "node:test";
import assert from "node:assert/strict";
import { adapter as claude } from "../adapters/claude_code/mod.ts";
import { detectHost } from "./detect.ts";

const ctx = (env: Record<string, string> = {}) => ({
  home: "/h",
  projectDir: "/p",
  env,
  os: "linux" as const,
});

test("an empty HOME finds no Claude Code", () => {
  const d = detectHost(claude, "user", ctx(), () => false);
  assert.equal(d.installed, false);
  assert.equal(d.confidence, 0);
  assert.equal(d.reason, "no marker found");
});

test("~/.claude and ~/.claude.json are evidence, with the config path an install would write", () => {
  const d = detectHost(claude, "user", ctx(), (p) => p === "/h/.claude" || p === "/h/.claude.json");
  assert.equal(d.installed, true);
  assert.deepEqual(d.evidence, ["/h/.claude", "/h/.claude.json"]);
  assert.equal(d.configPath, "/h/.claude.json");
  assert.equal(detectHost(claude, "project", ctx(), () => true).configPath, "/p/.mcp.json");
});

test("a project marker alone is weaker evidence", () => {
  const d = detectHost(claude, "user", ctx(), (p) => p === "/p/CLAUDE.md");
  assert.equal(d.installed, true);
  assert.equal(d.confidence, 0.5);
});

test("AGENT_CONNECTOR_PLATFORM names the host, whatever the markers say", () => {
  assert.equal(
    detectHost(claude, "user", ctx({ AGENT_CONNECTOR_PLATFORM: "claude-code" }), () => false)
      .installed,
    true,
  );
  const other = detectHost(claude, "user", ctx({ AGENT_CONNECTOR_PLATFORM: "codex" }), () => true);
  assert.equal(other.installed, false);
  assert.match(other.reason, /"codex"/);
});

test("Windows paths are computed with Windows separators", () => {
  const d = detectHost(claude, "user", {
    home: "C:\\Users\\a",
    projectDir: "C:\\p",
    env: {},
    os: "win32",
  }, () => false);
  assert.equal(d.configPath, "C:\\Users\\a\\.claude.json");
});
