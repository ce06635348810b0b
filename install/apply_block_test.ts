import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { memoryLedgerPath } from "../io/ledgers.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();

const block = (file: string, content = "Use acme for SQL."): Edit => ({
  op: "block.set",
  platform: "codex",
  file,
  blockId: "acme/memory",
  content,
  scope: "project",
});
const unblock = (file: string): Edit => ({
  op: "block.remove",
  platform: "codex",
  file,
  prefix: "acme/",
  scope: "project",
});

describe("applyEdits with managed blocks", () => {
  it("adds, skips, updates and removes a block, recording it in memory-state.json", async () => {
    const file = join(box.root, "AGENTS.md");
    writeFileSync(file, "# Rules\n\nBe kind.\n");
    assert.equal((await applyEdits([block(file)], box.opts)).changes[0].action, "create");
    const rows = JSON.parse(readFileSync(memoryLedgerPath(box.opts.dataRoot, "acme"), "utf8")).rows;
    assert.deepEqual(
      rows.map((
        r: Record<string, unknown>,
      ) => [r.platform, r.scope, r.path, r.blockId, r.createdFile]),
      [
        ["codex", "project", file, "acme/memory", false],
      ],
    );
    assert.match(rows[0].hash, /^[0-9a-f]{12}$/);
    assert.equal((await applyEdits([block(file)], box.opts)).changes[0].action, "skip");
    assert.equal((await applyEdits([block(file, "v2")], box.opts)).changes[0].action, "update");
    assert.equal((await applyEdits([unblock(file)], box.opts)).changes[0].action, "remove");
    assert.equal(readFileSync(file, "utf8"), "# Rules\n\nBe kind.\n");
    assert.equal(existsSync(memoryLedgerPath(box.opts.dataRoot, "acme")), false);
  });

  it("creates a missing memory file and deletes it once only whitespace remains", async () => {
    const file = join(box.root, ".kilocode", "rules", "agent-connector.md");
    await applyEdits([block(file)], box.opts);
    assert.ok(readFileSync(file, "utf8").startsWith("<!-- agent-connector:begin acme/memory"));
    await applyEdits([unblock(file)], box.opts);
    assert.equal(existsSync(join(box.root, ".kilocode")), false);
  });

  it("keeps a block two hosts read until the last of them is uninstalled, in one run or two", async () => {
    const file = join(box.root, "CLAUDE.md");
    writeFileSync(file, "# Mine\n");
    const as = (e: Edit, platform: string) => ({ ...e, platform }) as Edit;
    await applyEdits([as(block(file), "claude-code"), as(block(file), "opencode")], box.opts);
    const first = (await applyEdits([as(unblock(file), "opencode")], box.opts)).changes[0];
    assert.equal(first.action, "skip");
    assert.match(first.detail, /kept, claude-code \(project\) still reads it/);
    assert.match(readFileSync(file, "utf8"), /acme\/memory/);
    assert.equal(
      (await applyEdits([as(unblock(file), "claude-code")], box.opts)).changes[0].action,
      "remove",
    );
    assert.equal(readFileSync(file, "utf8"), "# Mine\n");
    await applyEdits([as(block(file), "claude-code"), as(block(file), "opencode")], box.opts);
    await applyEdits([as(unblock(file), "claude-code"), as(unblock(file), "opencode")], box.opts);
    assert.equal(readFileSync(file, "utf8"), "# Mine\n");
    assert.equal(existsSync(memoryLedgerPath(box.opts.dataRoot, "acme")), false);
  });

  it("keeps a file it created while another connector's block is still in it", async () => {
    const file = join(box.root, "AGENTS.md");
    await applyEdits([block(file)], box.opts);
    await applyEdits([{ ...block(file), blockId: "beta/memory" } as Edit], {
      ...box.opts,
      connectorId: "beta",
    });
    await applyEdits([unblock(file)], box.opts);
    assert.ok(readFileSync(file, "utf8").includes("beta/memory"));
    await applyEdits([{ ...unblock(file), prefix: "beta/" } as Edit], {
      ...box.opts,
      connectorId: "beta",
    });
    assert.equal(existsSync(file), false);
  });

  it("starts a dedicated rules file with its head and deletes it when only the head is left", async () => {
    const file = join(box.root, ".windsurf", "rules", "agent-connector.md");
    const head = "---\ntrigger: always_on\n---\n";
    await applyEdits([{ ...block(file), head } as Edit], box.opts);
    const text = readFileSync(file, "utf8");
    assert.ok(text.startsWith(`${head}\n<!-- agent-connector:begin acme/memory`), text);
    await applyEdits([{ ...block(file), blockId: "beta/memory", head } as Edit], {
      ...box.opts,
      connectorId: "beta",
    });
    await applyEdits([{ ...unblock(file), head } as Edit], box.opts);
    assert.ok(readFileSync(file, "utf8").startsWith(head), "beta's block keeps the file");
    await applyEdits([{ ...unblock(file), prefix: "beta/", head } as Edit], {
      ...box.opts,
      connectorId: "beta",
    });
    assert.equal(existsSync(join(box.root, ".windsurf")), false);
  });

  it("keeps a user's own file that merely starts like the head", async () => {
    const file = join(box.root, "rules.md");
    const head = "---\nalwaysApply: true\n---\n";
    writeFileSync(file, head);
    await applyEdits([{ ...block(file), head } as Edit], box.opts);
    await applyEdits([{ ...unblock(file), head } as Edit], box.opts);
    assert.equal(readFileSync(file, "utf8"), head);
  });

  it("warns about a block edited by hand and overwrites it under --force after a backup", async () => {
    const file = join(box.root, "CLAUDE.md");
    mkdirSync(box.root, { recursive: true });
    await applyEdits([block(file)], box.opts);
    const edited = readFileSync(file, "utf8").replace("Use acme", "Use acme (my note)");
    writeFileSync(file, edited);
    const warn = await applyEdits([block(file, "v2")], box.opts);
    assert.equal(warn.changes[0].action, "warn");
    assert.equal(readFileSync(file, "utf8"), edited);
    const forced = await applyEdits([block(file, "v2")], { ...box.opts, force: true });
    assert.equal(forced.changes[0].action, "update");
    assert.equal(readFileSync(forced.backups[0], "utf8"), edited);
  });

  it("uninstalls a teammate's committed block with no ledger at all", async () => {
    const file = join(box.root, "AGENTS.md");
    await applyEdits([block(file)], { ...box.opts, dataRoot: join(box.root, "teammate-data") });
    writeFileSync(file, "# Ours\n\n" + readFileSync(file, "utf8"));
    const r = await applyEdits([unblock(file)], box.opts);
    assert.equal(r.changes[0].action, "remove");
    assert.equal(readFileSync(file, "utf8"), "# Ours\n");
  });
});
