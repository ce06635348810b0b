import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedConnector, SkillDef } from "../core/connector_types.ts";
import { defineConnector } from "../core/define_connector.ts";
import type { ChangeRecord, PlatformId } from "../core/platform_types.ts";
import type { HostAdapter } from "../adapters/descriptor.ts";
import { adapter as codex } from "../adapters/codex/mod.ts";
import { adapter as vscode } from "../adapters/vscode_copilot/mod.ts";
import { loadLedgers } from "../io/ledgers.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";
import { snapshotTree } from "../tests/_helpers/tree.ts";
import { applyEdits } from "./apply.ts";
import { diskProbe, type InstallContext } from "./context.ts";
import { planInstall, planUninstall } from "./plan.ts";
import { peerWants } from "./_peers.ts";

const box = useEngineSandbox();

// A second host reading Codex's `.agents/skills` whose SKILL.md keeps
// `disable-model-invocation`, which Codex's standard-only renderer drops
// (Zed and others read the same folder with a fuller renderer).
const other: HostAdapter = {
  ...codex,
  id: "zed",
  name: "Zed",
  skills: { paths: codex.skills!.paths, render: vscode.skills!.render },
};
const hosts: Record<string, HostAdapter> = { codex, zed: other };
const load = (id: PlatformId) => Promise.resolve(hosts[id]);

function skills(...defs: SkillDef[]): ResolvedConnector {
  return defineConnector({ id: "acme", skills: defs });
}
const plain = (body = "Prefer the acme_query tool."): SkillDef => ({
  name: "acme-sql",
  description: "Writes SQL for Acme DB.",
  body,
});
const manual: SkillDef = {
  name: "acme-migrate",
  description: "Runs Acme migrations.",
  body: "Only when asked.",
  disableModelInvocation: true,
};

function context(): InstallContext {
  const root = box.root;
  return {
    home: join(root, "home"),
    projectDir: join(root, "project"),
    env: {},
    os: "linux",
    scope: "project",
    dataRoot: join(root, "data"),
    homeBin: join(root, "data", "bin", "agent-connector"),
    dryRun: false,
    force: false,
    probe: diskProbe,
  };
}

/** One host's install or uninstall, the way the pipeline runs it. */
async function run(
  adapter: HostAdapter,
  connector: ResolvedConnector,
  mode: "install" | "uninstall",
): Promise<ChangeRecord[]> {
  const ctx = context();
  const input = {
    adapter,
    connector,
    connectorId: "acme",
    ctx,
    ledgers: loadLedgers(ctx.dataRoot, "acme"),
  };
  const plan = mode === "install" ? await planInstall(input) : await planUninstall(input);
  const peers = mode === "install" ? await peerWants(input, plan, load) : [];
  const r = await applyEdits(plan.edits, {
    dataRoot: ctx.dataRoot,
    connectorId: "acme",
    connectorVersion: connector.version,
    scope: ctx.scope,
    peers,
  });
  return r.changes;
}

const skillFile = (name: string) =>
  join(box.root, "project", ".agents", "skills", name, "SKILL.md");
const line = (c: ChangeRecord) => `${c.action} ${c.platform} ${c.detail}`;

describe("two hosts reading one skills folder", () => {
  it("share the skill they render alike and report the one they would write differently", async () => {
    mkdirSync(join(box.root, "project"), { recursive: true });
    writeFileSync(join(box.root, "project", "AGENTS.md"), "# Notes\n");
    const before = snapshotTree(join(box.root, "project"));
    const connector = skills(plain(), manual);
    const first = await run(codex, connector, "install");
    assert.deepEqual(first.map((c) => c.action), ["create", "create"]);
    const codexBytes = readFileSync(skillFile("acme-migrate"), "utf8");

    const second = (await run(other, connector, "install")).map(line);
    assert.equal(second[0], "skip zed skill acme-sql: unchanged");
    assert.match(
      second[1],
      /^warn zed skill acme-migrate: codex \(project\) reads this too and would get something else/,
    );
    assert.equal(readFileSync(skillFile("acme-migrate"), "utf8"), codexBytes, "not overwritten");
    const again = (await run(other, connector, "install")).map((c) => c.action);
    assert.deepEqual(again, ["skip", "warn"], "the conflict stays reported, nothing flips");

    const zedGone = (await run(other, connector, "uninstall")).map(line);
    assert.deepEqual(zedGone, [
      `skip zed skill file: kept, codex (project) still reads it`,
    ]);
    assert.ok(existsSync(skillFile("acme-sql")) && existsSync(skillFile("acme-migrate")));
    await run(codex, connector, "uninstall");
    assert.deepEqual(snapshotTree(join(box.root, "project")), before);
  });

  it("change a shared skill for both when an upgrade changes what both would write", async () => {
    await run(codex, skills(plain()), "install");
    await run(other, skills(plain()), "install");
    const v2 = skills(plain("Use acme_query; never write."));
    const up = await run(codex, v2, "install");
    assert.deepEqual(up.map(line), ["update codex skill acme-sql: updated"]);
    assert.deepEqual((await run(other, v2, "install")).map((c) => c.action), ["skip"]);
    assert.match(readFileSync(skillFile("acme-sql"), "utf8"), /never write/);
  });
});

describe("claims a run already planned", () => {
  it("are reused for a peer instead of planning that host again", async () => {
    const connector = skills(plain(), manual);
    await run(codex, connector, "install");
    const ctx = context();
    const input = (adapter: HostAdapter) => ({
      adapter,
      connector,
      connectorId: "acme",
      ctx,
      ledgers: loadLedgers(ctx.dataRoot, "acme"),
    });
    const loads: string[] = [];
    const counting = (id: PlatformId) => {
      loads.push(id);
      return load(id);
    };
    const zedPlan = await planInstall(input(other));
    const fresh = await peerWants(input(other), zedPlan, counting);
    assert.deepEqual(loads, ["codex"], "without known claims the peer is planned");
    assert.ok(fresh.some((w) => w.platform === "codex" && w.hash !== undefined));

    const known = new Map();
    await peerWants(input(codex), await planInstall(input(codex)), counting, known);
    assert.deepEqual([...known.keys()], ["codex\0project"], "a host's own claims are kept");
    loads.length = 0;
    const reused = await peerWants(input(other), zedPlan, counting, known);
    assert.deepEqual(loads, [], "codex is not planned again");
    assert.deepEqual(reused, fresh);
    assert.ok(known.has("zed\0project"));
  });
});
