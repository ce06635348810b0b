import { test } from "node:test";
import assert from "node:assert/strict";
import { define, rejects } from "../tests/_helpers/config_error.ts";

const cmd = (c: Record<string, unknown>) => ({ id: "t", commands: [c] });
const skill = (s: Record<string, unknown>) => ({
  id: "t",
  skills: [{ name: "s", description: "Use it.", body: "Body.", ...s }],
});
const agent = (a: Record<string, unknown>) => ({ id: "t", subagents: [a] });

test("surface names must be kebab-case", () => {
  const msg = (where: string, v: string) =>
    `${where}: "${v}" must be kebab-case (^[a-z0-9][a-z0-9-]*$)`;
  rejects(cmd({ name: "Deploy", prompt: "p" }), msg("commands[0].name", "Deploy"));
  rejects(skill({ name: "my_skill" }), msg("skills[0].name", "my_skill"));
  rejects(agent({ name: "-x", description: "d", prompt: "p" }), msg("subagents[0].name", "-x"));
  rejects({ id: "t", memory: [{ name: "Rules", content: "c" }] }, msg("memory[0].name", "Rules"));
});

test("a name appears once within a surface", () => {
  rejects(
    { id: "t", commands: [{ name: "a", prompt: "p" }, { name: "a", prompt: "q" }] },
    'commands[1].name: duplicate name "a"',
  );
  rejects(
    { id: "t", memory: [{ content: "one" }, { content: "two" }] },
    'memory[1].name: duplicate name "memory"',
  );
  // The same name in two different surfaces is fine.
  assert.ok(
    define({
      id: "t",
      commands: [{ name: "a", prompt: "p" }],
      subagents: [{ name: "a", description: "d", prompt: "p" }],
    }),
  );
});

test("required strings must be present and non-empty", () => {
  rejects(cmd({ name: "c" }), "commands[0].prompt: must be a non-empty string, got undefined");
  rejects(
    cmd({ name: "c", prompt: "  " }),
    'commands[0].prompt: must be a non-empty string, got "  "',
  );
  rejects(skill({ description: "" }), 'skills[0].description: must be a non-empty string, got ""');
  rejects(skill({ body: undefined }), "skills[0].body: must be a non-empty string, got undefined");
  rejects(
    agent({ name: "a", prompt: "p" }),
    "subagents[0].description: must be a non-empty string, got undefined",
  );
  rejects(
    agent({ name: "a", description: "d" }),
    "subagents[0].prompt: must be a non-empty string, got undefined",
  );
});

test("a skill description is at most 1024 characters", () => {
  assert.ok(define(skill({ description: "x".repeat(1024) })));
  rejects(
    skill({ description: "x".repeat(1025) }),
    "skills[0].description: must be at most 1024 characters (it is 1025)",
  );
});

test("a skill name is at most 64 characters", () => {
  rejects(
    skill({ name: "a".repeat(65) }),
    "skills[0].name: must be at most 64 characters (it is 65)",
  );
});

test("skill resources must be safe relative file paths inside the skill folder", () => {
  const bad: Array<[string, string]> = [
    ["", "is not a relative file path"],
    [".", "is not a relative file path"],
    ["dir/", "is not a relative file path"],
    ["/etc/passwd", "is absolute — use a path relative to the skill folder"],
    ["\\\\server\\share", "is absolute — use a path relative to the skill folder"],
    ["C:\\x.md", "is absolute — use a path relative to the skill folder"],
    ["../settings.json", 'leaves the skill folder (".." is not allowed)'],
    ["a/../../b", 'leaves the skill folder (".." is not allowed)'],
    ["a\\..\\..\\b", 'leaves the skill folder (".." is not allowed)'],
    ["./SKILL.md", "would overwrite the generated SKILL.md"],
  ];
  for (const [key, problem] of bad) {
    rejects(
      skill({ resources: { [key]: "x" } }),
      `skills[0].resources: ${JSON.stringify(key)} ${problem}`,
    );
  }
  const ok = define(skill({ resources: { "scripts/run.sh": "#!/bin/sh", "ref.md": "r" } }));
  assert.deepEqual(Object.keys(ok.skills[0].resources ?? {}), ["scripts/run.sh", "ref.md"]);
  rejects(
    skill({ resources: { "a.md": 1 } }),
    'skills[0].resources["a.md"]: must be a string, got 1',
  );
});

test("memory names default to memory and content is required", () => {
  const c = define({
    id: "t",
    memory: [{ content: "Be brief." }, { name: "style", content: "Tabs." }],
  });
  assert.deepEqual(c.memory.map((m) => m.name), ["memory", "style"]);
  rejects(
    { id: "t", memory: [{ content: "" }] },
    'memory[0].content: must be a non-empty string, got ""',
  );
});

test("memory content above 16 KiB is rejected, 16 KiB exactly is accepted", () => {
  assert.ok(define({ id: "t", memory: [{ content: "x".repeat(16384) }] }));
  rejects(
    { id: "t", memory: [{ content: "é".repeat(8193) }] },
    "memory[0].content: is 16386 bytes; the limit is 16384 (16 KiB) because memory is inlined into every prompt of every targeted host — keep it terse",
  );
});

test("memory content may not contain the managed-block marker tokens", () => {
  for (const token of ["agent-connector:begin", "agent-connector:end"]) {
    rejects(
      { id: "t", memory: [{ content: `see <!-- ${token} x -->` }] },
      `memory[0].content: must not contain the marker token "${token}" (it would corrupt managed-block scanning) — rephrase it`,
    );
  }
});

test("optional content fields are type-checked", () => {
  rejects(
    cmd({ name: "c", prompt: "p", subtask: "yes" }),
    'commands[0].subtask: must be true or false, got "yes"',
  );
  rejects(
    cmd({ name: "c", prompt: "p", tools: { allow: "Bash" } }),
    'commands[0].tools.allow: must be an array, got "Bash"',
  );
  rejects(
    agent({ name: "a", description: "d", prompt: "p", extra: [] }),
    "subagents[0].extra: must be an object, got an array",
  );
  rejects({ id: "t", commands: { name: "c" } }, "commands: must be an array, got an object");
});
