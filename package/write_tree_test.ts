import { after, test } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { MARKER_PATH, markerText, OutFolderError, writePackageTree } from "./write_tree.ts";

const base = mkdtempSync(join(tmpdir(), "ac-pkg-tree-"));
after(() => rmSync(base, { recursive: true, force: true }));

const FILES = [
  { path: MARKER_PATH, text: markerText(["agent-plugin"]) },
  { path: "plugin.json", text: "{}\n" },
  { path: "bin/agent-connector.mjs", text: "#!/usr/bin/env node\n", executable: true },
];

test("a new folder gets every file, the launcher executable, and no staging folder is left", () => {
  const out = join(base, "new", "dist-plugin");
  writePackageTree(out, FILES);
  assert.equal(readFileSync(join(out, "plugin.json"), "utf8"), "{}\n");
  if (process.platform !== "win32") {
    assert.equal(statSync(join(out, "bin", "agent-connector.mjs")).mode & 0o777, 0o755);
  }
  assert.deepEqual(readdirSync(join(base, "new")), ["dist-plugin"]);
});

test("a package written before is replaced whole: files it no longer has are gone", () => {
  const out = join(base, "again");
  writePackageTree(out, [...FILES, { path: "skills/old/SKILL.md", text: "old\n" }]);
  writePackageTree(out, FILES);
  assert.equal(existsSync(join(out, "skills")), false);
  assert.deepEqual(readdirSync(base).filter((n) => n.includes(".ac-")), []);
});

test("an empty folder is used; a folder we did not write is refused and left byte-identical", () => {
  const empty = join(base, "empty");
  mkdirSync(empty);
  writePackageTree(empty, FILES);
  assert.ok(existsSync(join(empty, "plugin.json")));
  const theirs = join(base, "theirs");
  mkdirSync(theirs);
  writeFileSync(join(theirs, "notes.txt"), "mine\n");
  assert.throws(
    () => writePackageTree(theirs, FILES),
    (e) =>
      e instanceof OutFolderError &&
      /is not empty and was not written by agent-connector package/.test(e.message) &&
      e.message.includes(theirs),
  );
  assert.deepEqual(readdirSync(theirs), ["notes.txt"]);
  assert.equal(readFileSync(join(theirs, "notes.txt"), "utf8"), "mine\n");
});

test("a file at --out is refused", () => {
  const file = join(base, "a-file");
  writeFileSync(file, "x");
  assert.throws(() => writePackageTree(file, FILES), /is a file, not a folder/);
  assert.equal(readFileSync(file, "utf8"), "x");
});
