import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { scopePath } from "../descriptor.ts";
import { detectHost } from "../../install/detect.ts";
import { adapter } from "./mod.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("GEMINI_CLI_HOME replaces the home that .gemini/ sits under", () => {
  const moved = { ...ctx, env: { GEMINI_CLI_HOME: "/alt" } };
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/h/.gemini/settings.json");
  assert.equal(scopePath(adapter.server!.paths, "user", moved), "/alt/.gemini/settings.json");
  assert.equal(scopePath(adapter.memory!.paths, "user", moved), "/alt/.gemini/GEMINI.md");
  assert.equal(scopePath(adapter.hooks!.paths, "project", moved), "/p/.gemini/settings.json");
  const win = { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" as const };
  assert.equal(
    scopePath(adapter.commands!.paths, "user", win),
    "C:\\Users\\ann\\.gemini\\commands",
  );
});

test("a ~/.gemini folder alone is not a marker: Antigravity keeps files there too", () => {
  const markers = adapter.detect.user.map((p) => p(ctx));
  assert.ok(!markers.includes("/h/.gemini"));
  assert.ok(markers.every((m) => m.startsWith("/h/.gemini/") && !m.includes("antigravity")));
});

test("events map onto Gemini's names and the rest are absent, so they are reported", () => {
  const events = adapter.hooks!.events;
  assert.equal(events.UserPromptSubmit?.name, "BeforeAgent");
  assert.equal(events.PreToolUse?.name, "BeforeTool");
  assert.equal(events.PostToolUse?.name, "AfterTool");
  assert.equal(events.PreCompact?.name, "PreCompress");
  assert.equal(events.Stop?.name, "AfterAgent");
  assert.ok(events.Stop?.approx);
  for (
    const e of [
      "PermissionRequest",
      "PostToolUseFailure",
      "SubagentStart",
      "SubagentStop",
      "PostCompact",
    ] as const
  ) {
    assert.equal(events[e], undefined, e);
  }
});

test("commands are TOML with {{args}} for the connector's $ARGUMENTS", () => {
  const r = adapter.commands!.render({
    name: "deploy",
    description: "Deploy",
    prompt: "Deploy $ARGUMENTS now.\nReport back.",
    argumentHint: "[env]",
  });
  assert.equal(r.files[0].path, "deploy.toml");
  assert.deepEqual({ ...parse(r.files[0].text) }, {
    description: "Deploy",
    prompt: "Deploy {{args}} now.\nReport back.",
  });
  assert.deepEqual(r.dropped.map((d) => d.field), ["command.argumentHint"]);
});

test("subagents are local Markdown agents with an allow list", () => {
  const r = adapter.subagents!.render({
    name: "db-reviewer",
    description: "Reviews SQL",
    prompt: "You review SQL.",
    tools: { allow: ["read_file", "grep_search"], deny: ["run_shell_command"] },
    readonly: true,
  });
  assert.equal(
    r.files[0].text,
    '---\nname: db-reviewer\ndescription: Reviews SQL\nkind: local\ntools: ["read_file","grep_search"]\n---\n\nYou review SQL.\n',
  );
  assert.deepEqual(r.dropped.map((d) => d.field), ["subagent.tools.deny", "subagent.readonly"]);
});

test("skills take the standard fields and report the rest", () => {
  const r = adapter.skills!.render({
    name: "sql",
    description: "Writes SQL. Use for queries.",
    body: "Steps.",
    model: "gemini-3-pro",
    resources: { "ref/a.md": "a\n" },
  });
  assert.deepEqual(r.files.map((f) => f.path), ["sql/SKILL.md", "sql/ref/a.md"]);
  assert.equal(
    r.files[0].text,
    "---\nname: sql\ndescription: Writes SQL. Use for queries.\n---\n\nSteps.\n",
  );
  assert.deepEqual(r.dropped.map((d) => d.field), ["skill.model"]);
});

test("detection: an Antigravity-only ~/.gemini is not Gemini CLI; Gemini's own files are", () => {
  const has = (paths: string[]) => (p: string) => paths.includes(p);
  const antigravityOnly = has([
    "/h/.gemini",
    "/h/.gemini/antigravity",
    "/h/.gemini/antigravity/mcp_config.json",
  ]);
  assert.equal(detectHost(adapter, "user", ctx, antigravityOnly).installed, false);
  const gemini = has(["/h/.gemini", "/h/.gemini/settings.json"]);
  const found = detectHost(adapter, "user", ctx, gemini);
  assert.equal(found.installed, true);
  assert.deepEqual(found.evidence, ["/h/.gemini/settings.json"]);
});
