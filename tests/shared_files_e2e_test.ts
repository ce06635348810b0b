/**
 * Hosts that read the same whole files, end to end through the CLI in a
 * temporary HOME and project: VS Code, Copilot CLI and JetBrains share
 * `~/.copilot/{skills,agents}` and `.github/{skills,agents,prompts}`;
 * Codex and Zed read `~/.agents/skills` (and render one skill differently:
 * a reported conflict); Codex's and Claude Code's project scope share their
 * user files when the project is the home folder. Uninstalling one host must leave every file
 * another host still reads byte-identical (and that host's doctor clean);
 * uninstalling the last gives back the sandbox as it was.
 *
 * @module
 */

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";
import { assertSameTree, listDirs, snapshotTree } from "./_helpers/tree.ts";

const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-hosts");
const SKILLS_ONLY = join(REPO, "tests", "fixtures", "connectors", "acme-skills");
const SPLIT = join(REPO, "tests", "fixtures", "connectors", "acme-skills-split");
// Every Claude Code surface, status line and configPatch key included.
const FULL = join(REPO, "tests", "fixtures", "connectors", "acme-full");

function sandbox() {
  const base = mkdtempSync(join(tmpdir(), "ac-shared-"));
  after(() => rmSync(base, { recursive: true, force: true }));
  const home = join(base, "home");
  const project = join(base, "project");
  const put = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  // A user's own files beside ours, with CRLF and no final newline.
  put(join(home, ".copilot", "skills", "mine", "SKILL.md"), "---\r\nname: mine\r\n---\r\nMy own.");
  put(join(home, ".agents", "skills", "mine", "SKILL.md"), "---\nname: mine\n---\nMine.\n");
  put(join(project, ".github", "prompts", "review.prompt.md"), "Review the diff.\r\n");
  put(join(project, "AGENTS.md"), "# Team rules\r\n\r\nRun the tests.");
  const cli = (cwd: string, ...argv: string[]) =>
    runCliCaptured(argv, {
      home,
      env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      cwd,
      os: "linux",
    });
  const snap = () => {
    const files = new Map<string, string>();
    for (const [p, t] of snapshotTree(home, [".agent-connector"])) files.set(`home/${p}`, t);
    for (const [p, t] of snapshotTree(project)) files.set(`project/${p}`, t);
    return {
      files,
      dirs: [...listDirs(home, [".agent-connector"]), ...listDirs(project).map((d) => `p/${d}`)],
    };
  };
  return { home, project, cli, snap };
}

const assertSame = assertSameTree;

/** Lines of a run's output other than the summary. */
const lines = (stdout: string) => stdout.trim().split("\n").slice(0, -1);

async function doctorOf(s: ReturnType<typeof sandbox>, cwd: string, ...targets: string[]) {
  const run = await s.cli(cwd, "doctor", "--json", "--targets", targets.join(","));
  const findings = JSON.parse(run.stdout) as Array<
    { check: string; status: string; message: string }
  >;
  // Notes about what the host cannot take are expected; anything missing, stale or in conflict is not.
  return findings.filter((f) =>
    targets.some((t) => f.check.includes(`@ ${t} `)) && f.status !== "pass" &&
    !/^note: |^attention: .* not (installed|written) — /.test(f.message)
  );
}

describe("hosts sharing whole files", () => {
  it("keep the Copilot family's ~/.copilot skills and agents until the last host is uninstalled", async () => {
    const s = sandbox();
    const before = s.snap();
    const targets = "copilot-cli,vscode-copilot";
    const install = await s.cli(
      s.project,
      "install",
      "--connector",
      CONNECTOR,
      "--targets",
      targets,
    );
    assert.equal(install.code, 0, install.stdout + install.stderr);
    assert.match(install.stdout, /\+ copilot-cli {2}skill acme-sql: written/);
    assert.match(install.stdout, /= vscode-copilot {2}skill acme-sql: unchanged/);
    const again = await s.cli(s.project, "install", "--connector", CONNECTOR, "--targets", targets);
    for (const line of lines(again.stdout)) assert.match(line, /^[=!] /, line);

    const installed = s.snap();
    const shared = [...installed.files.keys()].filter((p) =>
      /^home\/\.copilot\/(skills\/acme-sql|agents)\//.test(p)
    );
    assert.equal(shared.length, 3, shared.join(", "));
    const preview = await s.cli(s.project, "uninstall", "--connector-id", "acme-db", "--dry-run");
    assert.match(
      preview.stdout,
      /= copilot-cli {2}skill file: kept, vscode-copilot \(user\) still reads it/,
    );
    assert.match(
      preview.stdout,
      /- vscode-copilot {2}skill file: removed/,
      "the last reader removes it",
    );
    assertSame(s.snap(), installed, "after a dry run");
    const one = await s.cli(
      s.project,
      "uninstall",
      "--connector-id",
      "acme-db",
      "--targets",
      "vscode-copilot",
    );
    assert.equal(one.code, 0, one.stdout + one.stderr);
    assert.match(
      one.stdout,
      /= vscode-copilot {2}skill file: kept, copilot-cli \(user\) still reads it/,
    );
    const left = s.snap();
    for (const p of shared) assert.ok(left.files.get(p) === installed.files.get(p), `${p} changed`);
    assert.ok(!left.files.has("home/.config/Code/User/prompts/acme-deploy.prompt.md"));
    assert.deepEqual(await doctorOf(s, s.project, "copilot-cli"), []);

    const last = await s.cli(s.project, "uninstall", "--connector-id", "acme-db", "--purge");
    assert.equal(last.code, 0, last.stdout + last.stderr);
    assertSame(s.snap(), before, "after the last uninstall");
  });

  it("keep .github skills and prompts for JetBrains, VS Code and Copilot CLI in any uninstall order", async () => {
    const s = sandbox();
    const before = s.snap();
    const targets = "vscode-copilot,jetbrains-copilot,copilot-cli";
    const scoped = ["--scope", "project", "--targets"];
    const install = await s.cli(s.project, "install", "--connector", CONNECTOR, ...scoped, targets);
    assert.equal(install.code, 0, install.stdout + install.stderr);
    const again = await s.cli(s.project, "install", "--connector", CONNECTOR, ...scoped, targets);
    for (const line of lines(again.stdout)) assert.match(line, /^[=!] /, line);
    const installed = s.snap();
    const shared = [...installed.files.keys()].filter((p) =>
      /^project\/\.github\/(skills\/acme-sql|prompts\/acme)/.test(p)
    );
    assert.equal(shared.length, 3, shared.join(", "));

    const vs = await s.cli(
      s.project,
      "uninstall",
      "--connector-id",
      "acme-db",
      ...scoped,
      "vscode-copilot",
    );
    assert.equal(vs.code, 0, vs.stdout);
    assert.doesNotMatch(vs.stdout, /^- \S+ +(skill|command) /m);
    const jb = await s.cli(
      s.project,
      "uninstall",
      "--connector-id",
      "acme-db",
      ...scoped,
      "jetbrains-copilot",
    );
    assert.equal(jb.code, 0, jb.stdout);
    const left = s.snap();
    const prompt = shared.find((p) => p.includes("prompts"))!;
    assert.ok(!left.files.has(prompt), "the prompt file goes with its last reader");
    for (const p of shared.filter((p) => p !== prompt)) {
      assert.ok(left.files.get(p) === installed.files.get(p), `${p} changed`);
    }
    assert.equal(
      left.files.get("project/AGENTS.md"),
      installed.files.get("project/AGENTS.md"),
      "Copilot CLI still reads the memory block in AGENTS.md",
    );
    assert.deepEqual(await doctorOf(s, s.project, "copilot-cli"), []);

    const last = await s.cli(
      s.project,
      "uninstall",
      "--connector-id",
      "acme-db",
      ...scoped,
      "copilot-cli",
    );
    assert.equal(last.code, 0, last.stdout);
    assertSame(s.snap(), before, "after the last uninstall");
  });

  it("keep ~/.agents/skills for Codex's user scope when its project scope, in the home folder, goes", async () => {
    const s = sandbox();
    const before = s.snap();
    const codex = ["--targets", "codex", "--scope"];
    const user = await s.cli(s.project, "install", "--connector", SKILLS_ONLY, ...codex, "user");
    assert.equal(user.code, 0, user.stdout + user.stderr);
    const proj = await s.cli(s.home, "install", "--connector", SKILLS_ONLY, ...codex, "project");
    assert.match(proj.stdout, /= codex {2}skill acme-sql: unchanged/);
    const installed = s.snap();
    const skill = "home/.agents/skills/acme-sql/SKILL.md";
    const agent = "home/.codex/agents/acme-reviewer.toml";
    assert.ok(installed.files.has(skill) && installed.files.has(agent));

    const gone = await s.cli(
      s.home,
      "uninstall",
      "--connector-id",
      "acme-skills",
      ...codex,
      "project",
    );
    assert.equal(gone.code, 0, gone.stdout);
    assert.match(gone.stdout, /kept, codex \(user\) still reads it/);
    const kept = gone.stdout.split("\n").filter((l) => l.includes("acme-sql/SKILL.md"));
    assert.equal(kept.length, 1, "one record per file, however many scopes claim it");
    const left = s.snap();
    for (const p of [skill, agent]) assert.ok(left.files.get(p) === installed.files.get(p), p);
    assert.deepEqual(await doctorOf(s, s.project, "codex"), []);
    const again = await s.cli(s.project, "install", "--connector", SKILLS_ONLY, ...codex, "user");
    for (const line of lines(again.stdout)) assert.match(line, /^[=!] /, line);

    const last = await s.cli(
      s.project,
      "uninstall",
      "--connector-id",
      "acme-skills",
      ...codex,
      "user",
    );
    assert.equal(last.code, 0, last.stdout);
    assertSame(s.snap(), before, "after the last uninstall");
  });

  for (const host of ["codex", "claude-code"]) {
    it(`keep ${host}'s user-scope server and hooks when its project scope, in the home folder, goes`, async () => {
      const s = sandbox();
      const before = s.snap();
      const on = ["--targets", host, "--scope"];
      const connector = host === "claude-code" ? FULL : CONNECTOR;
      const user = await s.cli(s.project, "install", "--connector", connector, ...on, "user");
      assert.equal(user.code, 0, user.stdout + user.stderr);
      const proj = await s.cli(s.home, "install", "--connector", connector, ...on, "project");
      assert.match(proj.stdout, new RegExp(`= ${host} {2}hook PreToolUse: unchanged`));
      if (host === "codex") {
        // Both scopes' server entries are one table of ~/.codex/config.toml, rendered with
        // different `--scope` arguments: a conflict, and the user scope's entry stands.
        assert.match(proj.stdout, /! codex {2}MCP server acme-db: codex \(user\) reads this too/);
      }
      const installed = s.snap();

      const gone = await s.cli(s.home, "uninstall", "--connector-id", "acme-db", ...on, "project");
      assert.equal(gone.code, 0, gone.stdout);
      assert.match(
        gone.stdout,
        new RegExp(`hook PreToolUse: kept, ${host} \\(user\\) still reads it`),
      );
      const left = s.snap();
      for (const [path, bytes] of installed.files) {
        if (/^home\/\.(codex|claude|agents)\//.test(path)) {
          assert.ok(left.files.get(path) === bytes, `${path} changed`);
        }
      }
      assert.deepEqual(await doctorOf(s, s.project, host), []);
      const again = await s.cli(s.project, "install", "--connector", connector, ...on, "user");
      for (const line of lines(again.stdout)) assert.match(line, /^[=!] /, line);

      const last = await s.cli(s.project, "uninstall", "--connector-id", "acme-db", "--purge");
      assert.equal(last.code, 0, last.stdout);
      assertSame(s.snap(), before, "after the last uninstall");
    });
  }

  it("share ~/.agents/skills between Codex and Zed, and report the skill they would write differently", async () => {
    const s = sandbox();
    const before = s.snap();
    const both = ["--targets", "codex,zed", "--scope", "user"];
    const install = await s.cli(s.project, "install", "--connector", SPLIT, ...both);
    assert.equal(install.code, 1, "a conflict is something asked for that could not be done");
    assert.match(install.stdout, /\+ codex {2}skill acme-migrate: written/);
    assert.match(install.stdout, /= zed {2}skill acme-sql: unchanged/);
    assert.match(install.stdout, /! zed {2}skill acme-migrate: codex \(user\) reads this too/);
    const installed = s.snap();
    const again = await s.cli(s.project, "install", "--connector", SPLIT, ...both);
    for (const line of lines(again.stdout)) assert.match(line, /^[=!] /, line);
    assertSame(s.snap(), installed, "after a second install");

    const zed = await s.cli(
      s.project,
      "uninstall",
      "--connector-id",
      "acme-split",
      "--targets",
      "zed",
    );
    assert.equal(zed.code, 0, zed.stdout);
    assert.match(zed.stdout, /= zed {2}skill file: kept, codex \(user\) still reads it/);
    assertSame(s.snap(), installed, "after uninstalling Zed");
    assert.deepEqual(await doctorOf(s, s.project, "codex"), []);

    const last = await s.cli(s.project, "uninstall", "--connector-id", "acme-split", "--purge");
    assert.equal(last.code, 0, last.stdout);
    assertSame(s.snap(), before, "after the last uninstall");
  });

  it("update a shared skill for every host that reads it when one host is re-installed with a new version", async () => {
    const s = sandbox();
    const before = s.snap();
    const modules = mkdtempSync(join(tmpdir(), "ac-shared-mod-"));
    after(() => rmSync(modules, { recursive: true, force: true }));
    const version = (v: string) => {
      const file = join(modules, `${v}.mjs`);
      writeFileSync(
        file,
        `import { defineConnector } from ${
          JSON.stringify(pathToFileURL(join(REPO, "mod.ts")).href)
        };\n` +
          `export default defineConnector({ id: "acme-up", version: "${v}", skills: [{ name: "acme-sql", ` +
          `description: "Writes SQL for Acme DB.", body: "Rules of ${v}." }] });\n`,
      );
      return file;
    };
    const targets = ["--targets", "copilot-cli,vscode-copilot"];
    const v1 = await s.cli(s.project, "install", "--connector", version("1.0.0"), ...targets);
    assert.equal(v1.code, 0, v1.stdout + v1.stderr);
    const v2 = await s.cli(
      s.project,
      "install",
      "--connector",
      version("2.0.0"),
      "--targets",
      "copilot-cli",
    );
    assert.equal(v2.code, 0, v2.stdout + v2.stderr);
    assert.match(v2.stdout, /~ copilot-cli {2}skill acme-sql: updated/);
    assert.match(s.snap().files.get("home/.copilot/skills/acme-sql/SKILL.md")!, /Rules of 2\.0\.0/);
    assert.deepEqual(await doctorOf(s, s.project, "vscode-copilot"), []);

    const last = await s.cli(s.project, "uninstall", "--connector-id", "acme-up", "--purge");
    assert.equal(last.code, 0, last.stdout);
    assertSame(s.snap(), before, "after the last uninstall");
  });
});
