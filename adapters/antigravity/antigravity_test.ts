import { test } from "node:test";
import assert from "node:assert/strict";
import type { OsName } from "../../core/os_name.ts";
import { scopePath } from "../descriptor.ts";
import { adapter as ide } from "./mod.ts";
import { adapter as agy } from "../antigravity_cli/mod.ts";

const ctx = (os: OsName, home: string) => ({ home, projectDir: "/work/shop", env: {}, os });

test("the IDE and agy read different MCP files under ~/.gemini, on every OS", () => {
  const mcp = (a: typeof ide, c: ReturnType<typeof ctx>) => scopePath(a.server!.paths, "user", c);
  assert.equal(mcp(ide, ctx("linux", "/h")), "/h/.gemini/antigravity/mcp_config.json");
  assert.equal(mcp(agy, ctx("darwin", "/Users/a")), "/Users/a/.gemini/config/mcp_config.json");
  assert.equal(
    mcp(ide, ctx("win32", "C:\\Users\\a")),
    "C:\\Users\\a\\.gemini\\antigravity\\mcp_config.json",
  );
  assert.equal(
    scopePath(agy.statusline!.paths, "user", ctx("linux", "/h")),
    "/h/.gemini/antigravity-cli/settings.json",
  );
  assert.equal(agy.statusline!.paths.project, undefined, "agy's status line is user scope only");
  // Both share a project's .agents/ files and the global workflows folder.
  assert.equal(
    scopePath(agy.hooks!.paths, "project", ctx("linux", "/h")),
    scopePath(ide.hooks!.paths, "project", ctx("linux", "/h")),
  );
  assert.equal(
    scopePath(agy.commands!.paths, "user", ctx("linux", "/h")),
    "/h/.gemini/antigravity/global_workflows",
  );
});
