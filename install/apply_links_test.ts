/**
 * A host config file that is a symbolic link stays one (#19 item 1): the
 * engine writes through a link whose target's folder exists (creating the
 * target when the link dangles), refuses one whose target it cannot reach
 * (a loop, a missing folder) with a `!` naming the link, and neither
 * install nor uninstall ever replaces or deletes the link itself.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { applyEdits } from "./apply.ts";
import type { Edit } from "./edits.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";
import { writeFileAtomic } from "../io/atomic_write.ts";

const box = useEngineSandbox();

const server = (file: string, op: "json.set" | "json.remove"): Edit =>
  op === "json.set"
    ? {
      op,
      platform: "claude-code",
      file,
      path: ["mcpServers", "acme"],
      value: { command: "acme" },
      label: "MCP server acme",
    }
    : { op, platform: "claude-code", file, path: ["mcpServers", "acme"], label: "MCP server acme" };

/** A fresh folder under the sandbox. */
function dir(name: string): string {
  const d = join(box.root, name);
  mkdirSync(d, { recursive: true });
  return d;
}

describe("symbolic links as host files", () => {
  it("a dangling link whose target folder exists: written through, the target removed again, the link kept", async () => {
    const d = dir("dangling");
    const target = join(dir("dotfiles"), "claude.json");
    const link = join(d, ".claude.json");
    symlinkSync(target, link);
    const first = await applyEdits([server(link, "json.set")], box.opts);
    assert.deepEqual(first.changes.map((c) => c.action), ["create"]);
    assert.ok(lstatSync(link).isSymbolicLink(), "still a link");
    assert.equal(readlinkSync(link), target);
    assert.match(readFileSync(target, "utf8"), /"acme"/);
    const gone = await applyEdits([server(link, "json.remove")], box.opts);
    assert.deepEqual(gone.changes.map((c) => c.action), ["remove"]);
    assert.ok(lstatSync(link).isSymbolicLink(), "uninstall kept the link");
    assert.equal(readlinkSync(link), target);
    assert.equal(existsSync(target), false, "the target we created is gone again");
  });

  it("a relative link chain to an existing file: edited in place, byte-exact after removal", async () => {
    const d = dir("chain");
    const real = join(d, "real.json");
    const original = '{\r\n  "theme": "dark"\r\n}\r\n';
    writeFileSync(real, original);
    symlinkSync("real.json", join(d, "mid.json"));
    symlinkSync("mid.json", join(d, "settings.json"));
    const link = join(d, "settings.json");
    await applyEdits([server(link, "json.set")], box.opts);
    assert.equal(readlinkSync(link), "mid.json");
    assert.equal(readlinkSync(join(d, "mid.json")), "real.json");
    assert.match(readFileSync(real, "utf8"), /"acme"/);
    await applyEdits([server(link, "json.remove")], box.opts);
    assert.equal(readFileSync(real, "utf8"), original);
    assert.equal(readlinkSync(link), "mid.json");
  });

  for (
    const [name, make, why] of [
      [
        "a link to itself",
        (link: string) => symlinkSync(link, link),
        /is a symbolic link that loops/,
      ],
      [
        "two links pointing at each other",
        (link: string) => {
          symlinkSync(`${link}.other`, link);
          symlinkSync(link, `${link}.other`);
        },
        /is a symbolic link that loops/,
      ],
      [
        "a dangling link whose target folder is missing",
        (link: string) => symlinkSync(join(box.root, "no", "such", "dir", "x.json"), link),
        /is a symbolic link to .*x\.json, whose folder .*dir does not exist/,
      ],
    ] as const
  ) {
    it(`${name}: refused with a ! line, the link untouched by install and uninstall`, async () => {
      const link = join(dir(`refused-${name.replace(/\W+/g, "-")}`), ".claude.json");
      make(link);
      const before = readlinkSync(link);
      const install = await applyEdits([server(link, "json.set")], box.opts);
      assert.deepEqual(install.changes.map((c) => c.action), ["warn"]);
      assert.match(install.changes[0].detail, why);
      assert.match(install.changes[0].detail, /left unchanged\. .*then run the command again\./);
      assert.ok(lstatSync(link).isSymbolicLink());
      assert.equal(readlinkSync(link), before);
      const uninstall = await applyEdits([server(link, "json.remove")], box.opts);
      assert.ok(uninstall.changes.every((c) => c.action === "warn" || c.action === "skip"));
      assert.ok(lstatSync(link).isSymbolicLink());
      assert.equal(readlinkSync(link), before);
    });
  }

  it("the atomic write never replaces a link with a file", () => {
    const d = dir("atomic");
    const loop = join(d, "loop.json");
    symlinkSync(loop, loop);
    assert.throws(() => writeFileAtomic(loop, "{}\n"), /loops/);
    assert.ok(lstatSync(loop).isSymbolicLink());
    const far = join(d, "far.json");
    symlinkSync(join(d, "missing", "far.json"), far);
    assert.throws(() => writeFileAtomic(far, "{}\n"), /does not exist/);
    assert.ok(lstatSync(far).isSymbolicLink());
  });
});
