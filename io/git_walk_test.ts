import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { findProjectIdentityWith, type GitWalkFs } from "./git_walk.ts";
import { findProjectIdentity } from "./git_project.ts";

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), "ac-walk-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The walk's file access over the real disk, recording each file it tried to read. */
function recordingFs(listing: "real" | "none" | "fails"): GitWalkFs & { reads: string[] } {
  const reads: string[] = [];
  const fs: GitWalkFs & { reads: string[] } = {
    reads,
    os: "linux",
    readText(path) {
      reads.push(path);
      try {
        return readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
    },
    kind(path) {
      try {
        readdirSync(path);
        return "dir";
      } catch (e) {
        return (e as { code?: string }).code === "ENOTDIR" ? "file" : undefined;
      }
    },
    cwd: () => dir,
  };
  if (listing === "real") fs.names = (path) => readdirSync(path);
  if (listing === "fails") fs.names = () => undefined;
  return fs;
}

function repo(path: string, url: string) {
  mkdirSync(join(path, ".git"), { recursive: true });
  writeFileSync(join(path, ".git", "config"), `[remote "origin"]\n\turl = ${url}\n`);
}

test("a .git folder whose listing has no commondir is keyed without trying to read one", () => {
  repo(join(dir, "a"), "git@github.com:acme/db.git");
  const fs = recordingFs("real");
  const id = findProjectIdentityWith(join(dir, "a"), "linux", fs);
  assert.equal(id.projectKey, findProjectIdentity(join(dir, "a"), "linux").projectKey);
  assert.deepEqual(fs.reads.map((p) => basename(p)), ["config"]);
});

test("a .git folder that lists a commondir still takes the config it points at", () => {
  repo(join(dir, "main"), "git@github.com:acme/db.git");
  // A .git folder that is itself a linked git dir: its own config is not the one that counts.
  mkdirSync(join(dir, "linked", ".git"), { recursive: true });
  writeFileSync(join(dir, "linked", ".git", "config"), `[remote "origin"]\n\turl = x:other\n`);
  writeFileSync(join(dir, "linked", ".git", "commondir"), `${join(dir, "main", ".git")}\n`);
  const main = findProjectIdentity(join(dir, "main"), "linux").projectKey;
  for (const listing of ["real", "none", "fails"] as const) {
    const id = findProjectIdentityWith(join(dir, "linked"), "linux", recordingFs(listing));
    assert.equal(id.projectKey, main, `listing: ${listing}`);
  }
});

test("without a listing, or when it fails, the walk reads commondir as before", () => {
  repo(join(dir, "a"), "git@github.com:acme/db.git");
  const key = findProjectIdentity(join(dir, "a"), "linux").projectKey;
  for (const listing of ["none", "fails"] as const) {
    const fs = recordingFs(listing);
    assert.equal(findProjectIdentityWith(join(dir, "a"), "linux", fs).projectKey, key);
    assert.deepEqual(fs.reads.map((p) => basename(p)), ["commondir", "config"], listing);
  }
});
