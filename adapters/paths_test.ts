import { test } from "node:test";
import assert from "node:assert/strict";
import {
  allOf,
  anyOf,
  envDir,
  envDirs,
  firstExisting,
  home,
  homeContext,
  localAppData,
  type PathContext,
  xdgConfig,
  xdgData,
} from "./paths.ts";

const linux: PathContext = { home: "/h", projectDir: "/p", env: {}, os: "linux" };

test("the XDG config folder is used on every OS, moved by XDG_CONFIG_HOME", () => {
  assert.equal(xdgConfig("opencode")(linux), "/h/.config/opencode");
  assert.equal(xdgConfig("opencode")({ ...linux, env: { XDG_CONFIG_HOME: "/x" } }), "/x/opencode");
  assert.equal(
    xdgConfig("opencode")({ home: "C:\\Users\\ann", projectDir: "C:\\p", env: {}, os: "win32" }),
    "C:\\Users\\ann\\.config\\opencode",
  );
});

test("firstExisting picks the file the user already has, else the first candidate", () => {
  const path = firstExisting(home("opencode.json"), home("opencode.jsonc"));
  assert.equal(path(linux), "/h/opencode.json");
  const probe = { exists: (p: string) => p === "/h/opencode.jsonc" };
  assert.equal(path({ ...linux, probe }), "/h/opencode.jsonc");
  assert.equal(path.join("x")({ ...linux, probe }), "/h/opencode.jsonc/x");
});

test("envDirs: the first entry of a comma list is the path, every entry is scanned", () => {
  const dirs = envDirs("CODEX_HOME", anyOf(home(".codex"), xdgConfig("codex")));
  assert.equal(dirs(linux), "/h/.codex");
  assert.deepEqual(dirs.join("s").all(linux), ["/h/.codex/s", "/h/.config/codex/s"]);
  const set = { ...linux, env: { CODEX_HOME: "/a, rel ," } };
  assert.equal(dirs(set), "/a");
  assert.deepEqual(dirs.join("s").all(set), ["/a/s", "/h/rel/s"]);
});

test("envDir with tilde expands a leading ~ to the home directory", () => {
  const dir = envDir("QWEN_HOME", home(".qwen"), { tilde: true });
  assert.equal(dir({ ...linux, env: { QWEN_HOME: "~/q" } }), "/h/q");
  assert.equal(envDir("X", home())({ ...linux, env: { X: "~/q" } }), "/h/~/q");
});

test("homeContext: a usage reader's machine as a path context, this OS when none is named", () => {
  const ctx = homeContext({ home: "/h", env: { XDG_DATA_HOME: "/d" }, os: "linux" });
  assert.equal(xdgData("goose")(ctx), "/d/goose");
  assert.equal(
    localAppData("x")({ ...ctx, os: "win32", home: "C:\\u" }),
    "C:\\u\\AppData\\Local\\x",
  );
  assert.ok(["linux", "darwin", "win32"].includes(homeContext({ home: "/h", env: {} }).os));
});

test("allOf: an install writes every distinct place, anyOf only the first", () => {
  const both = allOf(home("Cline"), home("Documents", "Cline"));
  assert.equal(both(linux), "/h/Cline");
  assert.deepEqual(both.join("Hooks").targets(linux), [
    "/h/Cline/Hooks",
    "/h/Documents/Cline/Hooks",
  ]);
  assert.deepEqual(both.join("Hooks").all(linux), ["/h/Cline/Hooks", "/h/Documents/Cline/Hooks"]);
  assert.deepEqual(allOf(home("a"), home("a")).targets(linux), ["/h/a"], "the same place once");
  const either = anyOf(home("a"), home("b"));
  assert.deepEqual(either.targets(linux), ["/h/a"]);
  assert.deepEqual(either.all(linux), ["/h/a", "/h/b"]);
  assert.deepEqual(home("x").targets(linux), ["/h/x"]);
});
