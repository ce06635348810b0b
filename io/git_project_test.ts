import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectKeyOf } from "../core/project_key.ts";
import { findProjectIdentity } from "./git_project.ts";

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), "ac-git-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function repo(path: string, url?: string) {
  mkdirSync(join(path, ".git"), { recursive: true });
  writeFileSync(
    join(path, ".git", "config"),
    url ? `[remote "origin"]\n\turl = ${url}\n` : "[core]\n\tbare = false\n",
  );
}

test("a folder inside a repository takes the key of its remote", () => {
  repo(join(dir, "a"), "git@github.com:acme/db.git");
  mkdirSync(join(dir, "a", "src", "deep"), { recursive: true });
  const id = findProjectIdentity(join(dir, "a", "src", "deep"), "linux");
  assert.equal(id.projectKey, projectKeyOf({ remoteUrl: "https://github.com/acme/db" }));
  assert.equal(id.root, join(dir, "a"));
});

test("two clones of one repository share a key", () => {
  repo(join(dir, "one"), "git@github.com:acme/db.git");
  repo(join(dir, "two"), "https://github.com/acme/db.git");
  assert.equal(
    findProjectIdentity(join(dir, "one"), "linux").projectKey,
    findProjectIdentity(join(dir, "two"), "linux").projectKey,
  );
});

test("a worktree's .git file leads to the shared config through commondir", () => {
  repo(join(dir, "main"), "git@github.com:acme/db.git");
  const gitDir = join(dir, "main", ".git", "worktrees", "wt");
  mkdirSync(gitDir, { recursive: true });
  writeFileSync(join(gitDir, "commondir"), "../..\n");
  mkdirSync(join(dir, "wt"));
  writeFileSync(join(dir, "wt", ".git"), `gitdir: ${gitDir}\n`);
  assert.equal(
    findProjectIdentity(join(dir, "wt"), "linux").projectKey,
    findProjectIdentity(join(dir, "main"), "linux").projectKey,
  );
});

test("a repository without a remote is keyed by its root path; no repository by the folder", () => {
  repo(join(dir, "local"));
  mkdirSync(join(dir, "local", "sub"));
  assert.equal(
    findProjectIdentity(join(dir, "local", "sub"), "linux").projectKey,
    projectKeyOf({ path: join(dir, "local"), os: "linux" }),
  );
  mkdirSync(join(dir, "plain"));
  const plain = findProjectIdentity(join(dir, "plain"), "linux");
  assert.equal(plain.projectKey, projectKeyOf({ path: join(dir, "plain"), os: "linux" }));
});
