/**
 * `detect` on real markers: an empty HOME finds nothing, a HOME and project
 * seeded with one registered host's files (tests/fixtures/hosts/<id>/seed-*,
 * every host that has both) find exactly that host, the home overrides
 * (COPILOT_HOME, VSCODE_PORTABLE, XDG_CONFIG_HOME) are honored, and folders
 * other tools share (`.github/`, a bare `~/.copilot/`) are no evidence.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "./_helpers/cli.ts";
import { REPO } from "./_helpers/runtime.ts";
import { REGISTRY } from "../adapters/registry.ts";

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function sandbox(): { home: string; project: string } {
  const base = mkdtempSync(join(tmpdir(), "ac-detect-"));
  dirs.push(base);
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  return { home, project };
}

async function detected(
  box: { home: string; project: string },
  env: Record<string, string> = {},
): Promise<string[]> {
  const run = await runCliCaptured(["detect", "--json"], {
    home: box.home,
    env: { HOME: box.home, ...env },
    cwd: box.project,
  });
  assert.equal(run.code, 0, run.stderr);
  return (JSON.parse(run.stdout) as Array<{ id: string; installed: boolean }>)
    .filter((d) => d.installed).map((d) => d.id);
}

test("an empty HOME and project show no host", async () => {
  assert.deepEqual(await detected(sandbox()), []);
});

const seeded = REGISTRY.map((e) => e.id).filter((id) =>
  ["seed-home", "seed-project"].every((s) =>
    existsSync(join(REPO, "tests", "fixtures", "hosts", id, s))
  )
);

test("the hosts with seeds include the four whose markers others share", () => {
  for (const id of ["cursor", "vscode-copilot", "jetbrains-copilot", "copilot-cli"]) {
    assert.ok(seeded.includes(id as never), id);
  }
});

for (const host of seeded) {
  test(`${host}'s own files make detect find ${host} and nothing else`, async () => {
    const box = sandbox();
    const seeds = join(REPO, "tests", "fixtures", "hosts", host);
    cpSync(join(seeds, "seed-home"), box.home, { recursive: true });
    cpSync(join(seeds, "seed-project"), box.project, { recursive: true });
    assert.deepEqual(await detected(box), [host]);
  });
}

test("a .github folder, Copilot hook files and a bare ~/.copilot are not evidence of a host", async () => {
  const box = sandbox();
  mkdirSync(join(box.project, ".github", "hooks"), { recursive: true });
  writeFileSync(join(box.project, ".github", "hooks", "x.json"), '{"version":1,"hooks":{}}');
  writeFileSync(join(box.project, ".github", "copilot-instructions.md"), "# Rules\n");
  mkdirSync(join(box.home, ".copilot", "skills"), { recursive: true });
  assert.deepEqual(await detected(box), []);
});

test("the hosts' home overrides move their markers", async () => {
  const box = sandbox();
  const copilot = join(box.home, "cfg", "copilot");
  mkdirSync(join(copilot, "session-state"), { recursive: true });
  assert.deepEqual(await detected(box, { COPILOT_HOME: copilot }), ["copilot-cli"]);
  assert.deepEqual(await detected(box), []);
  const portable = join(box.home, "VSCode-linux-x64", "data");
  mkdirSync(join(portable, "user-data", "User"), { recursive: true });
  assert.deepEqual(await detected(box, { VSCODE_PORTABLE: portable }), ["vscode-copilot"]);
  const xdg = join(box.home, "xdg");
  mkdirSync(join(xdg, "github-copilot", "intellij"), { recursive: true });
  assert.deepEqual(await detected(box, { XDG_CONFIG_HOME: xdg }), ["jetbrains-copilot"]);
});
