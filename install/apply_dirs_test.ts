import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { createdLedgerPath } from "../io/ledgers.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();

const claude = () => join(box.root, "home", ".claude");
const skill = () => join(claude(), "skills", "deploy", "SKILL.md");
const resource = () => join(claude(), "skills", "deploy", "ref", "deep", "steps.md");

const set = (file: string): Edit => ({
  op: "file.set",
  platform: "claude-code",
  file,
  content: `# ${file}\n`,
  label: "skill file",
});
const unset = (file: string): Edit => ({
  op: "file.remove",
  platform: "claude-code",
  file,
  label: "skill file",
});

/** Installs SKILL.md first (creating skills/ and deploy/), then a resource below it. */
async function installBoth(): Promise<void> {
  mkdirSync(claude(), { recursive: true });
  await applyEdits([set(skill())], box.opts);
  await applyEdits([set(resource())], box.opts);
  assert.equal(existsSync(resource()), true);
}

describe("folders created by the engine", () => {
  it("are all removed when files go shallowest first, in one run", async () => {
    await installBoth();
    const r = await applyEdits([unset(skill()), unset(resource())], box.opts);
    assert.deepEqual(r.changes.map((c) => c.action), ["remove", "remove"]);
    assert.equal(existsSync(join(claude(), "skills")), false);
    assert.equal(existsSync(claude()), true, "a folder the user had is never removed");
    assert.equal(existsSync(createdLedgerPath(box.opts.dataRoot)), false);
  });

  it("are all removed when the file that created them goes in an earlier run", async () => {
    await installBoth();
    await applyEdits([unset(skill())], box.opts);
    assert.equal(existsSync(join(claude(), "skills", "deploy", "ref")), true);
    await applyEdits([unset(resource())], box.opts);
    assert.equal(existsSync(join(claude(), "skills")), false);
    assert.equal(existsSync(claude()), true);
    assert.equal(existsSync(createdLedgerPath(box.opts.dataRoot)), false);
  });

  it("stay while they hold something of the user's, and go in a later run once empty", async () => {
    await installBoth();
    const notes = join(claude(), "skills", "deploy", "notes");
    mkdirSync(notes);
    await applyEdits([unset(skill()), unset(resource())], box.opts);
    assert.equal(existsSync(notes), true);
    const ledger = JSON.parse(readFileSync(createdLedgerPath(box.opts.dataRoot), "utf8"));
    assert.deepEqual(
      ledger.leftoverDirs.map((d: { path: string }) => d.path).sort(),
      [join(claude(), "skills"), join(claude(), "skills", "deploy")],
    );
    rmdirSync(notes);
    // Any later run sweeps them, here an unrelated install.
    await applyEdits([set(join(box.root, "home", ".gemini", "GEMINI.md"))], box.opts);
    assert.equal(existsSync(join(claude(), "skills")), false);
    assert.equal(existsSync(claude()), true);
  });

  it("are left alone once someone else removed and re-created them", async () => {
    await installBoth();
    const skills = join(claude(), "skills");
    writeFileSync(join(skills, "deploy", "user.md"), "mine\n");
    await applyEdits([unset(skill()), unset(resource())], box.opts);
    // The user replaces the folder with a new one of the same name (moved
    // aside first, so the new folder cannot get the old one's inode).
    renameSync(skills, `${skills}.old`);
    mkdirSync(skills);
    rmSync(`${skills}.old`, { recursive: true });
    await applyEdits([set(join(box.root, "home", "other.md"))], box.opts);
    assert.equal(existsSync(skills), true);
    assert.equal(existsSync(createdLedgerPath(box.opts.dataRoot)), true);
    const ledger = JSON.parse(readFileSync(createdLedgerPath(box.opts.dataRoot), "utf8"));
    assert.equal(ledger.leftoverDirs, undefined, "the re-created folder is forgotten, not swept");
  });

  it("are removed even when the user deleted the file they were created for", async () => {
    await installBoth();
    unlinkSync(resource());
    const r = await applyEdits([unset(skill()), unset(resource())], box.opts);
    assert.deepEqual(r.changes.map((c) => c.action), ["remove", "skip"]);
    assert.equal(existsSync(join(claude(), "skills")), false);
    assert.equal(existsSync(createdLedgerPath(box.opts.dataRoot)), false);
  });
});
