import { test } from "node:test";
import assert from "node:assert/strict";
import { dotFolderContent, fork } from "./family.ts";
import { home, type PathContext } from "./paths.ts";
import { geminiFamily } from "./gemini_cli/family.ts";
import { adapter as qwen } from "./qwen_code/mod.ts";
import { CLAUDE_EVENTS } from "./claude_code/family.ts";

const ctx: PathContext = { home: "/h", projectDir: "/p", env: {}, os: "linux" };
const parent = geminiFamily({
  id: "gemini-cli",
  name: "Gemini CLI",
  dir: home(".gemini"),
  folder: ".gemini",
  memoryFile: "GEMINI.md",
});

test("fork merges a named surface over the parent's, one level deep", () => {
  const child = fork(parent, { hooks: { events: CLAUDE_EVENTS } });
  assert.equal(child.hooks!.events, CLAUDE_EVENTS);
  assert.equal(child.hooks!.paths, parent.hooks!.paths, "the parent's hook paths stay");
  assert.equal(child.server, parent.server);
});

test("fork: null removes a surface, a list or function replaces", () => {
  const notes = ["a note"];
  const child = fork(parent, { subagents: null, doctorNotes: notes });
  assert.equal(child.subagents, undefined);
  assert.equal(child.doctorNotes, notes);
  assert.ok(parent.subagents, "the parent is not changed");
});

test("dotFolderContent puts each surface in <dir>/<kind> and .<host>/<kind>", () => {
  const s = dotFolderContent(home(".x"), ".x", { skills: () => ({ files: [], dropped: [] }) });
  assert.deepEqual(Object.keys(s), ["skills"]);
  assert.equal(s.skills!.paths.user!(ctx), "/h/.x/skills");
  assert.equal(s.skills!.paths.project!(ctx), "/p/.x/skills");
});

test("Qwen Code is the Gemini preset under ~/.qwen with Claude's events", () => {
  assert.equal(qwen.hooks!.events, CLAUDE_EVENTS);
  assert.equal(qwen.hooks!.paths.user!(ctx), "/h/.qwen/settings.json");
  assert.equal(qwen.commands!.paths.project!(ctx), "/p/.qwen/commands");
  assert.equal(qwen.memory!.paths.project!(ctx), "/p/AGENTS.md");
});
