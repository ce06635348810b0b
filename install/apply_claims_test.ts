import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex, valueHash } from "../core/hash.ts";
import type { InstallScope, PlatformId } from "../core/platform_types.ts";
import { applyEdits, type ApplyOptions, type PeerWant } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { createdLedgerPath, ownedLedgerPath } from "../io/ledgers.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();

const copilot = () => join(box.root, "home", ".copilot");
const skill = () => join(copilot(), "skills", "acme-sql", "SKILL.md");

const set = (platform: PlatformId, content: string, file = skill()): Edit => ({
  op: "file.set",
  platform,
  file,
  content,
  label: "skill acme-sql",
});
const unset = (platform: PlatformId, file = skill()): Edit => ({
  op: "file.remove",
  platform,
  file,
  label: "skill file",
});
const as = (scope: InstallScope, extra: Partial<ApplyOptions> = {}): ApplyOptions => ({
  ...box.opts,
  scope,
  ...extra,
});
const actions = (r: { changes: Array<{ action: string }> }) => r.changes.map((c) => c.action);

describe("a whole file several hosts read", () => {
  it("is written once, claimed by each host, and kept until the last claim goes", async () => {
    mkdirSync(copilot(), { recursive: true });
    assert.deepEqual(actions(await applyEdits([set("copilot-cli", "v1\n")], as("user"))), [
      "create",
    ]);
    assert.deepEqual(actions(await applyEdits([set("vscode-copilot", "v1\n")], as("user"))), [
      "skip",
    ]);
    const first = await applyEdits([unset("vscode-copilot")], as("user"));
    assert.deepEqual(actions(first), ["skip"]);
    assert.match(first.changes[0].detail, /kept, copilot-cli \(user\) still reads it/);
    assert.equal(readFileSync(skill(), "utf8"), "v1\n");
    assert.deepEqual(actions(await applyEdits([set("copilot-cli", "v1\n")], as("user"))), [
      "skip",
    ]);
    const last = await applyEdits([unset("copilot-cli")], as("user"));
    assert.deepEqual(actions(last), ["remove"]);
    assert.equal(existsSync(join(copilot(), "skills")), false, "the folders we created go too");
    assert.equal(existsSync(copilot()), true, "a folder the user had stays");
    assert.equal(existsSync(ownedLedgerPath(box.opts.dataRoot, "acme")), false);
    assert.equal(existsSync(createdLedgerPath(box.opts.dataRoot)), false);
  });

  it("is a reported conflict when a second host would write different bytes", async () => {
    await applyEdits([set("copilot-cli", "for the CLI\n")], as("user"));
    const r = await applyEdits([set("vscode-copilot", "for VS Code\n")], as("user"));
    assert.deepEqual(actions(r), ["warn"]);
    assert.match(
      r.changes[0].detail,
      /copilot-cli \(user\) reads this too and would get something else/,
    );
    assert.equal(readFileSync(skill(), "utf8"), "for the CLI\n");
    // The conflicting host got no claim: the first host's uninstall removes the file.
    assert.deepEqual(actions(await applyEdits([unset("vscode-copilot")], as("user"))), ["skip"]);
    assert.equal(readFileSync(skill(), "utf8"), "for the CLI\n");
    assert.deepEqual(actions(await applyEdits([unset("copilot-cli")], as("user"))), ["remove"]);
    assert.equal(existsSync(skill()), false);
  });

  it("changes for every claimant at once when each would write the new bytes", async () => {
    await applyEdits([set("copilot-cli", "v1\n")], as("user"));
    await applyEdits([set("vscode-copilot", "v1\n")], as("user"));
    const v2: PeerWant = {
      platform: "vscode-copilot",
      scope: "user",
      file: skill(),
      at: "",
      hash: sha256Hex("v2\n"),
    };
    const stale = await applyEdits([set("copilot-cli", "v2\n")], as("user"));
    assert.deepEqual(actions(stale), ["warn"], "without knowing the peer's render, v1 stands");
    const up = await applyEdits([set("copilot-cli", "v2\n")], as("user", { peers: [v2] }));
    assert.deepEqual(actions(up), ["update"]);
    assert.deepEqual(actions(await applyEdits([set("vscode-copilot", "v2\n")], as("user"))), [
      "skip",
    ]);
    assert.equal(readFileSync(skill(), "utf8"), "v2\n");
  });

  it("does not hold back a claimant whose host no longer renders it", async () => {
    await applyEdits([set("copilot-cli", "v1\n")], as("user"));
    await applyEdits([set("vscode-copilot", "v1\n")], as("user"));
    const gone: PeerWant = { platform: "vscode-copilot", scope: "user", file: skill(), at: "" };
    const up = await applyEdits([set("copilot-cli", "v2\n")], as("user", { peers: [gone] }));
    assert.deepEqual(actions(up), ["update"]);
  });

  it("is claimed per scope: one host's project scope in its home folder releases only its own claim", async () => {
    const shared = join(box.root, "home", ".agents", "skills", "acme-sql", "SKILL.md");
    await applyEdits([set("codex", "v1\n", shared)], as("user"));
    assert.deepEqual(actions(await applyEdits([set("codex", "v1\n", shared)], as("project"))), [
      "skip",
    ]);
    const kept = await applyEdits([unset("codex", shared)], as("project"));
    assert.match(kept.changes[0].detail, /kept, codex \(user\) still reads it/);
    assert.equal(readFileSync(shared, "utf8"), "v1\n");
    assert.deepEqual(actions(await applyEdits([unset("codex", shared)], as("user"))), ["remove"]);
    assert.equal(existsSync(join(box.root, "home", ".agents")), false);
  });

  it("that already held exactly our bytes is claimed but never deleted", async () => {
    mkdirSync(join(copilot(), "skills", "acme-sql"), { recursive: true });
    writeFileSync(skill(), "v1\n");
    assert.deepEqual(actions(await applyEdits([set("copilot-cli", "v1\n")], as("user"))), [
      "skip",
    ]);
    await applyEdits([set("vscode-copilot", "v1\n")], as("user"));
    await applyEdits([unset("vscode-copilot")], as("user"));
    const last = await applyEdits([unset("copilot-cli")], as("user"));
    assert.deepEqual(actions(last), ["skip"]);
    assert.match(last.changes[0].detail, /left in place \(it was there before install\)/);
    assert.equal(readFileSync(skill(), "utf8"), "v1\n");
    assert.equal(existsSync(ownedLedgerPath(box.opts.dataRoot, "acme")), false);
  });

  it("keeps the claims of records written before claims had scopes", async () => {
    await applyEdits([set("copilot-cli", "v1\n")], box.opts);
    await applyEdits([set("vscode-copilot", "v1\n")], box.opts);
    assert.deepEqual(actions(await applyEdits([unset("copilot-cli")], as("user"))), ["skip"]);
    assert.deepEqual(actions(await applyEdits([unset("vscode-copilot")], as("user"))), [
      "remove",
    ]);
  });
});

describe("an entry one host's two scopes share (the project is the home folder)", () => {
  const settings = () => join(box.root, "home", ".claude", "settings.json");
  const hook = (value: unknown): Edit => ({
    op: "json.set",
    platform: "claude-code",
    file: settings(),
    path: ["env", "ACME"],
    value,
    label: "env ACME",
  });
  const unhook = (): Edit => ({
    op: "json.remove",
    platform: "claude-code",
    file: settings(),
    path: ["env", "ACME"],
    label: "env ACME",
  });

  it("is kept for one scope when the other goes, and removed with the last", async () => {
    mkdirSync(join(box.root, "home", ".claude"), { recursive: true });
    writeFileSync(settings(), '{\r\n  "model": "opus"\r\n}\r\n');
    await applyEdits([hook("1")], as("user"));
    assert.deepEqual(actions(await applyEdits([hook("1")], as("project"))), ["skip"]);
    const kept = await applyEdits([unhook()], as("project"));
    assert.match(kept.changes[0].detail, /kept, claude-code \(user\) still reads it/);
    assert.match(readFileSync(settings(), "utf8"), /"ACME": "1"/);
    assert.deepEqual(actions(await applyEdits([unhook()], as("user"))), ["remove"]);
    assert.equal(readFileSync(settings(), "utf8"), '{\r\n  "model": "opus"\r\n}\r\n');
  });

  it("is a conflict when the scopes would write different values, unless the other scope would too", async () => {
    await applyEdits([hook("1")], as("user"));
    await applyEdits([hook("1")], as("project"));
    const stale = await applyEdits([hook("2")], as("user"));
    assert.deepEqual(actions(stale), ["warn"]);
    assert.match(stale.changes[0].detail, /claude-code \(project\) reads this too/);
    const peer: PeerWant = {
      platform: "claude-code",
      scope: "project",
      file: settings(),
      at: 'json:["env","ACME"]',
      hash: valueHash("2"),
    };
    assert.deepEqual(actions(await applyEdits([hook("2")], as("user", { peers: [peer] }))), [
      "update",
    ]);
    assert.deepEqual(actions(await applyEdits([hook("2")], as("project"))), ["skip"]);
  });
});

describe("a whole file two connectors write with the same bytes", () => {
  it("is kept while the other connector's ledger claims it, and goes with the last claim of all", async () => {
    mkdirSync(copilot(), { recursive: true });
    const beta = (extra: Partial<ApplyOptions> = {}) =>
      as("user", { connectorId: "beta", ...extra });
    assert.deepEqual(actions(await applyEdits([set("copilot-cli", "v1\n")], as("user"))), [
      "create",
    ]);
    assert.deepEqual(actions(await applyEdits([set("copilot-cli", "v1\n")], beta())), ["skip"]);
    const betaLedger = ownedLedgerPath(box.opts.dataRoot, "beta");
    const good = readFileSync(betaLedger, "utf8");

    writeFileSync(betaLedger, "{");
    const blind = await applyEdits([unset("copilot-cli")], as("user"));
    assert.deepEqual(actions(blind), ["warn"]);
    assert.match(blind.changes[0].detail, /connector beta may still read it/);
    assert.ok(blind.changes[0].detail.includes(betaLedger), blind.changes[0].detail);
    assert.equal(readFileSync(skill(), "utf8"), "v1\n");

    writeFileSync(betaLedger, good);
    const kept = await applyEdits([unset("copilot-cli")], as("user"));
    assert.deepEqual(actions(kept), ["skip"]);
    assert.match(
      kept.changes[0].detail,
      /kept, copilot-cli \(user\) of connector beta still reads it/,
    );
    assert.equal(readFileSync(skill(), "utf8"), "v1\n");
    assert.equal(existsSync(ownedLedgerPath(box.opts.dataRoot, "acme")), false);

    const last = await applyEdits([unset("copilot-cli")], beta());
    assert.deepEqual(actions(last), ["remove"], "acme wrote it: beta's adopted claim was the last");
    assert.equal(existsSync(join(copilot(), "skills")), false, "the folders acme created go too");
    assert.equal(existsSync(createdLedgerPath(box.opts.dataRoot)), false);
  });

  it("is left in place when it was the user's before either connector claimed it", async () => {
    mkdirSync(join(copilot(), "skills", "acme-sql"), { recursive: true });
    writeFileSync(skill(), "v1\n");
    const beta = as("user", { connectorId: "beta" });
    await applyEdits([set("copilot-cli", "v1\n")], as("user"));
    await applyEdits([set("copilot-cli", "v1\n")], beta);
    await applyEdits([unset("copilot-cli")], as("user"));
    const last = await applyEdits([unset("copilot-cli")], beta);
    assert.match(last.changes[0].detail, /left in place \(it was there before install\)/);
    assert.equal(readFileSync(skill(), "utf8"), "v1\n");
  });
});

describe("managed blocks in a memory file several hosts read", () => {
  const agents = () => join(box.root, "project", "AGENTS.md");
  const block = (platform: PlatformId): Edit => ({
    op: "block.set",
    platform,
    file: agents(),
    blockId: "acme/memory",
    content: "Use the acme tools.",
    scope: "project",
  });
  const unblock = (platform: PlatformId): Edit => ({
    op: "block.remove",
    platform,
    file: agents(),
    prefix: "acme/",
    scope: "project",
  });

  it("stay until the last host that reads them is uninstalled, then the file is byte-identical", async () => {
    mkdirSync(join(box.root, "project"));
    writeFileSync(agents(), "# Team notes\r\n");
    await applyEdits([block("codex")], box.opts);
    await applyEdits([block("cursor")], box.opts);
    const first = await applyEdits([unblock("codex")], box.opts);
    assert.match(first.changes[0].detail, /kept, cursor \(project\) still reads it/);
    assert.match(readFileSync(agents(), "utf8"), /Use the acme tools\./);
    const last = await applyEdits([unblock("cursor")], box.opts);
    assert.deepEqual(actions(last), ["remove"]);
    assert.equal(readFileSync(agents(), "utf8"), "# Team notes\r\n");
  });
});
