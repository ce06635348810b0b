import { test } from "node:test";
import assert from "node:assert/strict";
import { resolvePath } from "../paths.ts";
import { stdioInput } from "../../tests/_helpers/render_input.ts";
import { adapter } from "./mod.ts";

test("a stdio entry carries cwd and timeout in seconds (mcp/config-loader.ts)", () => {
  const out = adapter.server!.render(stdioInput({ cwd: "/srv/acme", timeoutMs: 30000 }));
  assert.equal(out.entry.cwd, "/srv/acme");
  assert.equal(out.entry.timeout, 30);
  assert.deepEqual(out.dropped, []);
});

test("a subagent is a CLI agent file: YAML frontmatter, then the prompt", () => {
  const out = adapter.subagents!.render({
    name: "acme-reviewer",
    description: "Reviews migrations",
    prompt: "Flag anything destructive.",
    tools: { allow: ["read_files"] },
    model: "sonnet",
  });
  assert.deepEqual(out.files, [{
    path: "acme-reviewer.yaml",
    text:
      '---\nname: acme-reviewer\ndescription: Reviews migrations\ntools: ["read_files"]\n---\n\nFlag anything destructive.\n',
  }]);
  assert.deepEqual(out.dropped.map((d) => d.field), ["subagent.model"]);
});

test("the user hook folder is in Documents as Cline's extension finds it (documents-path.ts)", () => {
  const hooks = adapter.hooks!.paths.user!;
  const files: Record<string, string> = {
    "/usr/bin/xdg-user-dir": "",
    "/h/.config/user-dirs.dirs":
      '# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR="$HOME/Dokumente"\n',
  };
  const probe = (names: string[]) => ({
    exists: (p: string) => names.includes(p),
    readText: (p: string) => names.includes(p) ? files[p] : undefined,
  });
  const ctx = (names: string[], os: "linux" | "win32" = "linux") => ({
    home: "/h",
    projectDir: "/p",
    env: { PATH: "/usr/local/bin:/usr/bin" },
    os,
    probe: probe(names),
  });
  const all = Object.keys(files);
  assert.equal(resolvePath(hooks, ctx(all)), "/h/Dokumente/Cline/Hooks");
  // Without xdg-user-dir on the PATH: ~/Documents.
  assert.equal(resolvePath(hooks, ctx(all.slice(1))), "/h/Documents/Cline/Hooks");
  // xdg-user-dir with no DOCUMENTS entry prints the home folder.
  assert.equal(resolvePath(hooks, ctx(all.slice(0, 1))), "/h/Cline/Hooks");
});

test("a workflow using $ARGUMENTS is reported: Cline appends the arguments (runtime-commands.ts)", () => {
  const render = adapter.commands!.render;
  const out = render({ name: "define", prompt: "Define $ARGUMENTS briefly." });
  assert.deepEqual(out.files, [{ path: "define.md", text: "Define $ARGUMENTS briefly.\n" }]);
  assert.deepEqual(out.dropped.map((d) => d.field), ["command.prompt"]);
  assert.match(out.dropped[0].reason, /appends what follows the command/);
  assert.deepEqual(render({ name: "tidy", prompt: "Tidy the imports." }).dropped, []);
});

test("a user install writes each runtime's Documents folder, once when they agree", () => {
  const files: Record<string, string> = { "/usr/bin/xdg-user-dir": "" };
  const ctx = (dirs?: string) => ({
    home: "/h",
    projectDir: "/p",
    env: { PATH: "/usr/bin" },
    os: "linux" as const,
    probe: {
      exists: (p: string) => p in files,
      readText: (p: string) =>
        p === "/h/.config/user-dirs.dirs" && dirs ? `XDG_DOCUMENTS_DIR="${dirs}"\n` : undefined,
    },
  });
  const hooks = adapter.hooks!.paths.user!;
  const workflows = adapter.commands!.paths.user!;
  const rules = adapter.memory!.paths.user!;
  // xdg-user-dir without user-dirs.dirs prints HOME; the CLI reads ~/Documents
  // for hooks and workflows, but ~/Cline/Rules as well as ~/Documents/Cline/Rules.
  assert.deepEqual(hooks.targets(ctx()), ["/h/Cline/Hooks", "/h/Documents/Cline/Hooks"]);
  assert.deepEqual(workflows.targets(ctx()), [
    "/h/Cline/Workflows",
    "/h/Documents/Cline/Workflows",
  ]);
  assert.deepEqual(rules.targets(ctx()), ["/h/Cline/Rules/agent-connector.md"]);
  assert.deepEqual(hooks.targets(ctx("$HOME/Documents")), ["/h/Documents/Cline/Hooks"]);
  assert.deepEqual(rules.targets(ctx("$HOME/Documents")), [
    "/h/Documents/Cline/Rules/agent-connector.md",
  ]);
  assert.deepEqual(rules.targets(ctx("$HOME/Dokumente")), [
    "/h/Dokumente/Cline/Rules/agent-connector.md",
    "/h/Documents/Cline/Rules/agent-connector.md",
  ]);
  // Where an earlier install may have written: every folder xdg-user-dir can name.
  assert.deepEqual(hooks.all(ctx("$HOME/Documents")), [
    "/h/Documents/Cline/Hooks",
    "/h/Cline/Hooks",
  ]);
  // A project install has one folder.
  assert.deepEqual(adapter.hooks!.paths.project!.targets(ctx()), ["/p/.clinerules/hooks"]);
});
