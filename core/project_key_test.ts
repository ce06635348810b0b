import { test } from "node:test";
import assert from "node:assert/strict";
import {
  normalizeProjectPath,
  normalizeRemoteUrl,
  projectKeyOf,
  remoteUrlFromGitConfig,
} from "./project_key.ts";

test("the spellings of one remote normalize to one string", () => {
  for (
    const url of [
      "git@github.com:acme/db.git",
      "https://github.com/acme/db",
      "https://user:tok@GitHub.com/acme/db.git/",
      "ssh://git@github.com:22/acme/db.git",
      "git://github.com/acme/db",
    ]
  ) assert.equal(normalizeRemoteUrl(url), "github.com/acme/db", url);
  assert.equal(
    normalizeRemoteUrl("https://gitlab.example:8443/g/sub/p.git"),
    "gitlab.example:8443/g/sub/p",
  );
});

test("origin wins over other remotes; without origin the first remote is used", () => {
  const config = `[core]
\trepositoryformatversion = 0
[remote "upstream"]
\turl = https://github.com/up/db.git
[remote "origin"]
\turl = git@github.com:acme/db.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
`;
  assert.equal(remoteUrlFromGitConfig(config), "git@github.com:acme/db.git");
  assert.equal(
    remoteUrlFromGitConfig(config.replace('"origin"', '"fork"')),
    "https://github.com/up/db.git",
  );
  assert.equal(remoteUrlFromGitConfig("[core]\r\n\tbare = false\r\n"), undefined);
});

test("keys are the same for every spelling of a remote and differ from path keys", () => {
  const a = projectKeyOf({ remoteUrl: "git@github.com:acme/db.git" });
  assert.equal(a, projectKeyOf({ remoteUrl: "https://github.com/acme/db" }));
  assert.match(a, /^git:[0-9a-f]{16}$/);
  const p = projectKeyOf({ path: "/home/u/db", os: "linux" });
  assert.match(p, /^path:[0-9a-f]{16}$/);
  assert.notEqual(p, projectKeyOf({ path: "/home/u/DB", os: "linux" }));
});

test("paths normalize separators, trailing slashes and case where the OS ignores case", () => {
  assert.equal(normalizeProjectPath("C:\\Users\\U\\Proj\\", "win32"), "c:/users/u/proj");
  assert.equal(normalizeProjectPath("/Users/U/Proj/", "darwin"), "/users/u/proj");
  assert.equal(normalizeProjectPath("/home/U/Proj/", "linux"), "/home/U/Proj");
  assert.equal(normalizeProjectPath("/", "linux"), "/");
});
