/**
 * Two connectors that write the same whole file (the same skill, byte for
 * byte), end to end through the CLI in a temporary HOME: the second adopts
 * what the first wrote. Uninstalling either leaves the file byte-identical
 * for the other (and the other's doctor clean); uninstalling the last gives
 * back the sandbox as it was — and a user's own file with the same bytes,
 * there before either, survives both.
 *
 * @module
 */

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";
import { assertSameTree, listDirs, snapshotTree, type TreeSnap } from "./_helpers/tree.ts";

const FIRST = join(REPO, "tests", "fixtures", "connectors", "acme-skills");
// The same connector under a second id ("acme-twin").
const TWIN = join(REPO, "tests", "fixtures", "connectors", "acme-skills-twin");
const SKILL = "home/.agents/skills/acme-sql/SKILL.md";
const CODEX = ["--targets", "codex", "--scope", "user"];

function sandbox() {
  const base = mkdtempSync(join(tmpdir(), "ac-twin-"));
  after(() => rmSync(base, { recursive: true, force: true }));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(project, { recursive: true });
  // A user's own skill beside ours.
  const mine = join(home, ".agents", "skills", "mine", "SKILL.md");
  mkdirSync(dirname(mine), { recursive: true });
  writeFileSync(mine, "---\r\nname: mine\r\n---\r\nMine.");
  const cli = async (...argv: string[]) => {
    const run = await runCliCaptured(argv, {
      home,
      env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      cwd: project,
      os: "linux",
    });
    assert.equal(run.code, 0, `${argv.join(" ")}\n${run.stdout}${run.stderr}`);
    return run.stdout;
  };
  const snap = () => {
    const files = new Map<string, string>();
    for (const [p, t] of snapshotTree(home, [".agent-connector"])) files.set(`home/${p}`, t);
    return { files, dirs: listDirs(home, [".agent-connector"]) };
  };
  const doctor = async () => {
    const findings = JSON.parse(await cli("doctor", "--json", "--targets", "codex")) as Array<
      { check: string; status: string; message: string }
    >;
    return findings.filter((f) =>
      f.status !== "pass" && !/^note: |^attention: .* not (installed|written) — /.test(f.message)
    );
  };
  return { home, cli, snap, doctor };
}

const assertSame = assertSameTree;

/** The whole files both connectors write (skill, its resource, the subagent). */
function sharedOf(s: TreeSnap): string[] {
  return [...s.files.keys()].filter((p) =>
    /^home\/(\.agents\/skills\/acme-sql\/|\.codex\/agents\/acme-reviewer)/.test(p)
  );
}

describe("two connectors writing the same whole file", () => {
  for (const [gone, stays] of [["acme-skills", "acme-twin"], ["acme-twin", "acme-skills"]]) {
    it(`keep it for ${stays} when ${gone} is uninstalled, and remove it with the last`, async () => {
      const s = sandbox();
      const before = s.snap();
      assert.match(await s.cli("install", "--connector", FIRST, ...CODEX), /\+ codex {2}skill/);
      assert.match(
        await s.cli("install", "--connector", TWIN, ...CODEX),
        /= codex {2}skill acme-sql: unchanged/,
      );
      const installed = s.snap();
      const shared = sharedOf(installed);
      assert.ok(shared.includes(SKILL) && shared.length >= 2, shared.join(", "));

      const preview = await s.cli("uninstall", "--connector-id", gone, "--dry-run");
      assert.match(
        preview,
        new RegExp(`kept, codex \\(user\\) of connector ${stays} still reads it`),
      );
      assertSame(s.snap(), installed, "after a dry run");

      const first = await s.cli("uninstall", "--connector-id", gone);
      assert.match(
        first,
        new RegExp(`kept, codex \\(user\\) of connector ${stays} still reads it`),
      );
      assert.doesNotMatch(first, /^- codex {2}skill/m);
      const left = s.snap();
      for (const p of shared) {
        assert.ok(left.files.get(p) === installed.files.get(p), `${p} changed`);
      }
      assert.deepEqual(await s.doctor(), []);

      const last = await s.cli("uninstall", "--connector-id", stays);
      assert.match(last, /- codex {2}skill file: removed/);
      assertSame(s.snap(), before, "after the last uninstall");
    });
  }

  it("leave a user's own file with the same bytes in place after both are uninstalled", async () => {
    const s = sandbox();
    await s.cli("install", "--connector", FIRST, ...CODEX);
    const ours = s.snap();
    await s.cli("uninstall", "--connector-id", "acme-skills");
    // The user keeps a copy of the skill as their own, before either connector is installed again.
    const put = (rel: string) => {
      const path = join(s.home, rel.slice("home/".length));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, ours.files.get(rel)!);
    };
    for (const p of sharedOf(ours)) put(p);
    const before = s.snap();
    await s.cli("install", "--connector", FIRST, ...CODEX);
    await s.cli("install", "--connector", TWIN, ...CODEX);
    assert.match(await s.cli("uninstall", "--connector-id", "acme-skills"), /kept, codex/);
    assert.match(
      await s.cli("uninstall", "--connector-id", "acme-twin"),
      /skill file: left in place \(it was there before install\)/,
    );
    assertSame(s.snap(), before, "the user's files");
  });
});
