import { test } from "node:test";
import assert from "node:assert/strict";
import type { Probe } from "../descriptor.ts";
import { home, project } from "../paths.ts";
import { placeByContextFileName } from "./context_file.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

function probeOf(files: Record<string, string>): Probe {
  return {
    readText: (p) => files[p],
    exists: (p) => p in files,
    realPath: (p) => (p in files ? p : undefined),
  };
}

const place = placeByContextFileName({
  project: project(".gemini", "settings.json"),
  user: home(".gemini", "settings.json"),
});

function target(files: Record<string, string>, scope: "user" | "project" = "project") {
  const defaultPath = scope === "project" ? "/p/GEMINI.md" : "/h/.gemini/GEMINI.md";
  return place({ scope, defaultPath, ctx, probe: probeOf(files) });
}

test("GEMINI.md is the target when no settings name a context file", () => {
  assert.deepEqual(target({}), { target: "/p/GEMINI.md" });
  assert.deepEqual(target({ "/p/.gemini/settings.json": "{ // x\n}" }), { target: "/p/GEMINI.md" });
});

test("AGENTS.md is the target when context.fileName lists it, project settings first", () => {
  const files = {
    "/p/.gemini/settings.json":
      '{\n  // ours\n  "context": { "fileName": ["AGENTS.md", "GEMINI.md"], },\n}',
    "/h/.gemini/settings.json": '{ "context": { "fileName": "CONTEXT.md" } }',
  };
  const got = target(files);
  assert.equal(got.target, "/p/AGENTS.md");
  assert.match(got.note ?? "", /\/p\/\.gemini\/settings\.json names AGENTS\.md/);
  assert.deepEqual(target(files, "user"), {
    target: "/h/.gemini/CONTEXT.md",
    note: "context.fileName in /h/.gemini/settings.json names CONTEXT.md; memory goes there",
  });
});

test("user memory ignores a project's settings: other projects would not read that file", () => {
  const files = { "/p/.gemini/settings.json": '{ "context": { "fileName": ["AGENTS.md"] } }' };
  assert.deepEqual(target(files, "user"), { target: "/h/.gemini/GEMINI.md" });
});

test("a list naming neither file puts the block in the first file the host reads", () => {
  const files = { "/h/.gemini/settings.json": '{ "context": { "fileName": "CONTEXT.md" } }' };
  assert.equal(target(files).target, "/p/CONTEXT.md");
  assert.deepEqual(target({ "/h/.gemini/settings.json": '{ "contextFileName": "GEMINI.md" }' }), {
    target: "/p/GEMINI.md",
  });
});

test("settings that do not parse are skipped, never fatal", () => {
  const files = {
    "/p/.gemini/settings.json": "{ not json",
    "/h/.gemini/settings.json": '{ "context": { "fileName": ["AGENTS.md"] } }',
  };
  assert.equal(target(files).target, "/p/AGENTS.md");
});
