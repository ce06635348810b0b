import { test } from "node:test";
import assert from "node:assert/strict";
import { type PathContext, resolvePath } from "../paths.ts";
import { kimiCodeDir, kimiDataDirs, kimiShareDir, kimiUserSkills } from "./home.ts";
import { adapter } from "./mod.ts";

const at = (os: PathContext["os"], env: Record<string, string> = {}): PathContext =>
  os === "win32"
    ? { home: "C:\\Users\\ann", projectDir: "C:\\src", env, os }
    : { home: "/Users/ann", projectDir: "/src", env, os };

test("Kimi's share folder is ~/.kimi on every OS, moved by KIMI_SHARE_DIR", () => {
  assert.equal(resolvePath(kimiShareDir, at("win32")), "C:\\Users\\ann\\.kimi");
  assert.equal(
    resolvePath(adapter.hooks!.paths.user!, at("darwin")),
    "/Users/ann/.kimi/config.toml",
  );
  const moved = at("linux", { KIMI_SHARE_DIR: "/srv/kimi" });
  assert.equal(resolvePath(adapter.server!.paths.user!, moved), "/srv/kimi/mcp.json");
  assert.equal(resolvePath(adapter.hooks!.paths.user!, moved), "/srv/kimi/config.toml");
});

test("KIMI_SHARE_DIR does not move user skills; usage reads KIMI_DATA_DIR and KIMI_CODE_HOME", () => {
  const moved = at("linux", { KIMI_SHARE_DIR: "/srv/kimi" });
  assert.equal(resolvePath(kimiUserSkills, moved), "/Users/ann/.kimi/skills");
  assert.equal(resolvePath(adapter.skills!.paths.user!, moved), "/Users/ann/.kimi/skills");
  assert.deepEqual(kimiDataDirs.all(moved), ["/srv/kimi"]);
  assert.deepEqual(kimiDataDirs.all(at("linux", { KIMI_DATA_DIR: "/a,/b" })), ["/a", "/b"]);
  assert.equal(resolvePath(kimiCodeDir, at("linux", { KIMI_CODE_HOME: "/k" })), "/k");
  assert.equal(adapter.server!.paths.project, undefined);
});
