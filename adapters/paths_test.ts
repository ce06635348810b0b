import { test } from "node:test";
import assert from "node:assert/strict";
import { firstExisting, home, type PathContext, xdgConfig } from "./paths.ts";

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
