/**
 * doctor's ledger checks through the CLI, on real records in a temporary
 * HOME: a record naming a host this version has no adapter for (written by
 * another version), an install row whose project or host is gone, claims
 * on files that no longer exist, and configPatch rows of an unknown host.
 * Each is a warning naming the record file, the host and what to do;
 * `--heal --dry-run` previews, `--heal` drops exactly those rows and claims
 * and changes no host or user file; uninstall still works from such a
 * record.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";
import { snapshotTree } from "./_helpers/tree.ts";
import { HOST_IDS } from "../core/platform_types.ts";
import { REGISTRY } from "../adapters/registry.ts";

const MOD = pathToFileURL(join(REPO, "mod.ts")).href;

type Finding = { check: string; status: string; message: string; fix?: string };

const SKILL = `{
  name: "acme-sql",
  description: "Writes SQL for Acme DB. Use when the user asks for a query.",
  body: "Prefer the acme_query tool.",
}`;
const AGENT = `{
  name: "acme-reviewer",
  description: "Reviews Acme migrations",
  prompt: "Flag anything destructive.",
}`;

/** A HOME where Codex and Zed are installed (Codex with the user's own config.toml). */
function sandbox() {
  const base = mkdtempSync(join(tmpdir(), "ac-stale-"));
  const home = join(base, "home");
  const project = join(base, "project");
  const pkg = join(base, "pkg");
  for (const d of [home, project, pkg, join(home, ".codex"), join(home, ".config", "zed")]) {
    mkdirSync(d, { recursive: true });
  }
  writeFileSync(join(home, ".codex", "config.toml"), '# mine\r\nmodel = "o3"\r\n');
  const writeConfig = (body: string, name = "agent-connector.config.mjs") => {
    writeFileSync(
      join(pkg, name),
      `import { defineConnector } from ${JSON.stringify(MOD)};\n` +
        `export default defineConnector({ id: "acme", ${body} });\n`,
    );
    return join(pkg, name);
  };
  writeConfig(`skills: [${SKILL}], subagents: [${AGENT}]`);
  const cli = (...argv: string[]) =>
    runCliCaptured(argv, {
      home,
      env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      cwd: pkg,
      os: "linux",
    });
  const root = join(home, ".agent-connector", "connectors", "acme");
  const ledger = (name: string) => join(root, name);
  const read = (name: string) => JSON.parse(readFileSync(ledger(name), "utf8"));
  const write = (name: string, value: unknown) =>
    writeFileSync(ledger(name), JSON.stringify(value, null, 2) + "\n");
  /** Renames host `from` to `to` in the record and the ownership ledger. */
  const rename = (from: string, to: string) => {
    for (const name of ["connector.json", "owned.json"]) {
      write(
        name,
        JSON.parse(readFileSync(ledger(name), "utf8").replaceAll(`"${from}"`, `"${to}"`)),
      );
    }
  };
  /** The user's and the hosts' files (our state aside). */
  const files = () => ({
    home: snapshotTree(home, [".agent-connector"]),
    project: existsSync(project) ? snapshotTree(project) : undefined,
  });
  const doctor = async (...argv: string[]) => {
    const run = await cli("doctor", "--json", ...argv);
    return { code: run.code, findings: JSON.parse(run.stdout) as Finding[] };
  };
  return {
    base,
    home,
    project,
    pkg,
    cli,
    read,
    write,
    ledger,
    rename,
    files,
    doctor,
    writeConfig,
    done: () => rmSync(base, { recursive: true, force: true }),
  };
}

const byCheck = (findings: Finding[], check: string) => findings.find((f) => f.check === check);

test("doctor warns about a host this version has no adapter for and --heal forgets it without touching a file", async () => {
  const s = sandbox();
  try {
    assert.equal((await s.cli("install", "--targets", "codex,zed")).code, 0);
    s.rename("zed", "future-host");
    const before = s.files();
    const owned = readFileSync(s.ledger("owned.json"), "utf8");

    const { code, findings } = await s.doctor();
    assert.equal(code, 0, "a warning alone does not fail doctor");
    const f = byCheck(findings, "acme @ future-host: registration");
    assert.ok(f, JSON.stringify(findings, null, 2));
    assert.equal(f.status, "warn");
    assert.ok(f.message.includes(s.ledger("connector.json")), f.message);
    assert.match(f.message, /names host "future-host", which agent-connector \S+ has no adapter/);
    assert.match(f.message, /1 install row\(s\), 1 claim\(s\)\)$/);
    assert.match(f.fix!, /doctor --heal/);
    assert.deepEqual(
      findings.filter((g) => g.check.includes("future-host")).map((g) => g.check),
      ["acme @ future-host: registration"],
      "one finding for the host, no re-render of it",
    );
    const text = await s.cli("doctor");
    assert.match(
      text.stdout,
      /\[warn\] acme @ future-host: registration: .*connector\.json names host/,
    );

    const preview = await s.cli("doctor", "--heal", "--dry-run");
    assert.match(preview.stdout, /Would heal:\n(.*\n)*.*acme @ future-host: registration/);
    assert.equal(readFileSync(s.ledger("owned.json"), "utf8"), owned, "a dry run drops nothing");

    const healed = await s.cli("doctor", "--heal");
    assert.match(healed.stdout, /Healed 1 of 1 finding/);
    assert.ok(!readFileSync(s.ledger("owned.json"), "utf8").includes("future-host"));
    assert.deepEqual(
      s.read("connector.json").installs.map((r: { platform: string }) => r.platform),
      ["codex"],
    );
    assert.deepEqual(s.files(), before, "healing touches no host or user file");
    assert.equal(
      byCheck((await s.doctor()).findings, "acme @ future-host: registration"),
      undefined,
    );

    // The shared skill is Codex's alone now: uninstall removes it.
    await s.cli("uninstall", "acme");
    assert.equal(existsSync(join(s.home, ".agents", "skills", "acme-sql", "SKILL.md")), false);
  } finally {
    s.done();
  }
});

test("a host a newer agent-connector wrote is reported with that version and --heal keeps it", async () => {
  const s = sandbox();
  try {
    await s.cli("install", "--targets", "codex,zed");
    s.rename("zed", "future-host");
    s.write("connector.json", { ...s.read("connector.json"), frameworkVersion: "99.1.0" });
    const owned = readFileSync(s.ledger("owned.json"), "utf8");
    const f = byCheck((await s.doctor()).findings, "acme @ future-host: registration")!;
    assert.match(f.message, /written by agent-connector 99\.1\.0/);
    assert.match(f.fix!, /run agent-connector 99\.1\.0 or newer/);
    await s.cli("doctor", "--heal");
    assert.equal(readFileSync(s.ledger("owned.json"), "utf8"), owned);
  } finally {
    s.done();
  }
});

test("uninstall from a record naming an unknown host reports it, removes the rest and exits 0", async () => {
  const s = sandbox();
  try {
    await s.cli("install", "--targets", "codex,zed");
    s.rename("zed", "future-host");
    const run = await s.cli("uninstall", "acme", "--purge");
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /^! future-host {2}no future-host adapter in agent-connector \S+; what the connector wrote for it was left \(in .*SKILL\.md.*\): remove it by hand/m,
    );
    assert.match(run.stdout, /^- codex {2}subagent file: removed/m);
    assert.match(run.stdout, /framework state of acme purged/);
    assert.equal(existsSync(join(s.home, ".agent-connector", "connectors", "acme")), false);

    // Naming a host that has no adapter is asking for something that cannot be done
    // (while some spec host still has none).
    const bare = HOST_IDS.find((id) => !REGISTRY.some((r) => r.id === id));
    if (bare) {
      await s.cli("install", "--targets", "codex");
      s.rename("codex", bare);
      const named = await s.cli("uninstall", "acme", "--targets", bare);
      assert.equal(named.code, 1);
      assert.match(named.stdout, new RegExp(`^! ${bare} {2}no ${bare} adapter`, "m"));
    }
  } finally {
    s.done();
  }
});

test("a project that is gone is a warning, and --heal forgets its row and claims without recreating it", async () => {
  const s = sandbox();
  try {
    const config = join(s.pkg, "agent-connector.config.mjs");
    const argv = ["--targets", "codex", "--scope", "project", "--project", s.project];
    assert.equal((await s.cli("install", ...argv, "--connector", config)).code, 0);
    assert.ok(existsSync(join(s.project, ".agents", "skills", "acme-sql", "SKILL.md")));
    rmSync(s.project, { recursive: true });
    const { code, findings } = await s.doctor();
    assert.equal(code, 0);
    const f = byCheck(findings, "acme @ codex (project): registration")!;
    assert.ok(f, JSON.stringify(findings, null, 2));
    assert.ok(f.message.startsWith(`project ${s.project} no longer exists; `), f.message);
    assert.ok(f.message.includes(s.ledger("connector.json")));
    assert.ok(!findings.some((g) => g.status === "fail"), "no re-render of a project that is gone");
    await s.cli("doctor", "--heal");
    assert.equal(existsSync(s.project), false, "heal does not recreate the project");
    assert.deepEqual(s.read("connector.json").installs, []);
    assert.equal(existsSync(s.ledger("owned.json")), false, "every claim was in that project");
  } finally {
    s.done();
  }
});

test("a host that was removed with everything we wrote is forgotten by --heal, not re-installed", async () => {
  const s = sandbox();
  try {
    await s.cli("install", "--targets", "codex");
    rmSync(join(s.home, ".codex"), { recursive: true });
    rmSync(join(s.home, ".agents"), { recursive: true });
    const { code, findings } = await s.doctor();
    assert.equal(code, 0, JSON.stringify(findings, null, 2));
    const f = byCheck(findings, "acme @ codex (user): registration")!;
    assert.match(f.message, /^Codex is no longer installed here \(no marker found\)/);
    await s.cli("doctor", "--heal");
    assert.equal(existsSync(join(s.home, ".codex")), false);
    assert.equal(existsSync(join(s.home, ".agents")), false);
    assert.deepEqual(s.read("connector.json").installs, []);
  } finally {
    s.done();
  }
});

test("claims on files that are gone and no longer rendered are reported and dropped; a missing file still rendered is re-written", async () => {
  const s = sandbox();
  try {
    await s.cli("install", "--targets", "codex");
    const agent = join(s.home, ".codex", "agents", "acme-reviewer.toml");
    const skill = join(s.home, ".agents", "skills", "acme-sql", "SKILL.md");
    // The user drops the subagent from the connector and deletes its file; and deletes the skill.
    // (A new module path: the old one is cached in this process.)
    const next = s.writeConfig(`skills: [${SKILL}]`, "agent-connector.next.mjs");
    rmSync(agent);
    rmSync(skill);
    const { code, findings } = await s.doctor("--connector", next);
    assert.equal(code, 0);
    const f = byCheck(findings, "acme @ codex: claims")!;
    assert.ok(f, JSON.stringify(findings, null, 2));
    assert.ok(f.message.includes(s.ledger("owned.json")), f.message);
    assert.ok(f.message.endsWith(`name files that no longer exist: ${agent}`), f.message);
    const missing = findings.find((g) =>
      g.check.startsWith("acme @ codex (user): skill acme-sql")
    )!;
    assert.match(missing.message, /^missing: /);

    await s.cli("doctor", "--heal", "--connector", next);
    assert.ok(!readFileSync(s.ledger("owned.json"), "utf8").includes("acme-reviewer"));
    assert.equal(existsSync(agent), false);
    assert.ok(existsSync(skill), "the skill the connector still renders is written back");
    assert.deepEqual(
      (await s.doctor("--connector", next)).findings.filter((g) =>
        /claims|missing/.test(g.message + g.check)
      ),
      [],
    );
  } finally {
    s.done();
  }
});

test("a ledger whose record is gone: stale claims are dropped, claims on live files point at uninstall", async () => {
  const s = sandbox();
  try {
    await s.cli("install", "--targets", "codex");
    rmSync(s.ledger("connector.json"));
    rmSync(join(s.home, ".codex", "agents", "acme-reviewer.toml"));
    const { findings } = await s.doctor();
    const stale = byCheck(findings, "acme @ codex: claims")!;
    assert.ok(stale, JSON.stringify(findings, null, 2));
    const left = byCheck(findings, "acme: registration")!;
    assert.match(
      left.message,
      /connector\.json is missing, but 1 claim\(s\) in .* name files that still exist/,
    );
    assert.match(left.fix!, /uninstall --connector-id acme --purge/);
    await s.cli("doctor", "--heal");
    assert.ok(!readFileSync(s.ledger("owned.json"), "utf8").includes("acme-reviewer"));
    const purge = await s.cli("uninstall", "--connector-id", "acme", "--purge");
    assert.equal(purge.code, 0, purge.stdout);
    assert.equal(existsSync(join(s.home, ".agent-connector", "connectors", "acme")), false);
  } finally {
    s.done();
  }
});

test("a configPatch row of a host this version does not know is reported with the key and file to clean by hand", async () => {
  const s = sandbox();
  try {
    await s.cli("install", "--targets", "codex");
    const ledger = join(s.home, ".agent-connector", "state", "config-patches.json");
    const settings = join(s.home, ".future", "settings.json");
    const row = {
      platform: "future-host",
      file: settings,
      key: "ui.theme",
      writtenValue: "dark",
      writtenValueHash: "0",
      prior: { present: false },
      owners: [{ connectorId: "acme", connectorVersion: "0.0.0", installedAt: "2026-01-01" }],
    };
    mkdirSync(join(ledger, ".."), { recursive: true });
    writeFileSync(ledger, JSON.stringify({ version: 1, rows: [row] }));
    const f = byCheck((await s.doctor()).findings, "configPatch ui.theme")!;
    assert.equal(f.status, "warn");
    assert.ok(f.message.startsWith(`${ledger} names host "future-host"`), f.message);
    assert.ok(f.message.endsWith(`its key ui.theme in ${settings} stays until removed by hand`));
    assert.ok(f.fix!.includes(`remove the key from ${settings} by hand`));
  } finally {
    s.done();
  }
});
