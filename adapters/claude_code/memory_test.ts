import { test } from "node:test";
import assert from "node:assert/strict";
import type { Probe } from "../descriptor.ts";
import { importsAgents, placeClaudeMemory } from "./memory.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };
function probe(files: Record<string, string>, links: Record<string, string> = {}): Probe {
  return {
    readText: (p) => files[p],
    exists: (p) => p in files,
    realPath: (p) => links[p] ?? (p in files ? p : undefined),
  };
}

test("block mode (the default) puts memory in CLAUDE.md and touches nothing else", () => {
  const place = placeClaudeMemory({
    scope: "project",
    defaultPath: "/p/CLAUDE.md",
    ctx,
    probe: probe({}),
  });
  assert.deepEqual(place, { target: "/p/CLAUDE.md", bridgeFile: "/p/CLAUDE.md" });
});

test("agents-import mode targets AGENTS.md and manages the @AGENTS.md bridge in CLAUDE.md", () => {
  const project = placeClaudeMemory({
    scope: "project",
    defaultPath: "/p/CLAUDE.md",
    mode: "agents-import",
    ctx,
    probe: probe({}),
  });
  assert.equal(project.target, "/p/AGENTS.md");
  assert.deepEqual(project.bridge, {
    file: "/p/CLAUDE.md",
    name: "claude-agents-import",
    content: "@AGENTS.md",
  });
  const user = placeClaudeMemory({
    scope: "user",
    defaultPath: "/h/.claude/CLAUDE.md",
    mode: "agents-import",
    ctx,
    probe: probe({}),
  });
  assert.equal(user.bridge?.content, "@~/.claude/AGENTS.md");
  const moved = placeClaudeMemory({
    scope: "user",
    defaultPath: "/cfg/CLAUDE.md",
    mode: "agents-import",
    ctx: { ...ctx, env: { CLAUDE_CONFIG_DIR: "/cfg" } },
    probe: probe({}),
  });
  assert.equal(moved.bridge?.content, "@/cfg/AGENTS.md");
});

test("an existing user import of AGENTS.md switches to AGENTS.md without claiming the import", () => {
  const files = { "/p/CLAUDE.md": "# Notes\n\n@AGENTS.md\n" };
  const place = placeClaudeMemory({
    scope: "project",
    defaultPath: "/p/CLAUDE.md",
    ctx,
    probe: probe(files),
  });
  assert.equal(place.target, "/p/AGENTS.md");
  assert.equal(place.bridge, undefined);
  assert.match(place.note!, /already imports AGENTS\.md/);
});

test("a CLAUDE.md symlinked to AGENTS.md is detected", () => {
  const files = { "/p/CLAUDE.md": "shared", "/p/AGENTS.md": "shared" };
  const place = placeClaudeMemory({
    scope: "project",
    defaultPath: "/p/CLAUDE.md",
    ctx,
    probe: probe(files, { "/p/CLAUDE.md": "/p/AGENTS.md", "/p/AGENTS.md": "/p/AGENTS.md" }),
  });
  assert.equal(place.target, "/p/AGENTS.md");
  assert.match(place.note!, /link to AGENTS\.md/);
});

test("our own bridge block and fenced examples are not a user import", () => {
  const ours =
    "<!-- agent-connector:begin _shared/claude-agents-import hash=x -->\n@AGENTS.md\n<!-- agent-connector:end _shared/claude-agents-import -->\n";
  assert.equal(importsAgents(ours, "/p/AGENTS.md", "linux"), false);
  assert.equal(importsAgents("see @AGENTS.md for more\n", "/p/AGENTS.md", "linux"), false);
  assert.equal(importsAgents("  @./AGENTS.md  \r\n", "/p/AGENTS.md", "linux"), true);
});
