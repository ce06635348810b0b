import { test } from "node:test";
import assert from "node:assert/strict";
import { type PathContext, resolvePath } from "../paths.ts";
import { adapter } from "./mod.ts";
import { droidSessionDirs, factoryDir } from "./home.ts";

const at = (os: PathContext["os"], env: Record<string, string> = {}): PathContext =>
  os === "win32"
    ? { home: "C:\\Users\\ann", projectDir: "C:\\src\\app", env, os }
    : { home: os === "darwin" ? "/Users/ann" : "/home/ann", projectDir: "/src/app", env, os };

test("Droid's files sit in ~/.factory on every OS", () => {
  assert.equal(resolvePath(factoryDir, at("linux")), "/home/ann/.factory");
  assert.equal(resolvePath(factoryDir, at("darwin")), "/Users/ann/.factory");
  assert.equal(resolvePath(factoryDir, at("win32")), "C:\\Users\\ann\\.factory");
  assert.equal(
    resolvePath(adapter.hooks!.paths.user!, at("win32")),
    "C:\\Users\\ann\\.factory\\hooks.json",
  );
  assert.equal(
    resolvePath(adapter.server!.paths.project!, at("linux")),
    "/src/app/.factory/mcp.json",
  );
});

test("FACTORY_HOME_OVERRIDE replaces the home .factory sits in; DROID_SESSIONS_DIR the sessions", () => {
  const env = { FACTORY_HOME_OVERRIDE: "/srv/droid" };
  assert.equal(resolvePath(factoryDir, at("linux", env)), "/srv/droid/.factory");
  assert.equal(
    resolvePath(adapter.server!.paths.user!, at("linux", env)),
    "/srv/droid/.factory/mcp.json",
  );
  assert.deepEqual(droidSessionDirs.all(at("linux", env)), ["/srv/droid/.factory/sessions"]);
  assert.deepEqual(
    droidSessionDirs.all(at("linux", { DROID_SESSIONS_DIR: "/a, /b" })),
    ["/a", "/b"],
  );
});
