import { test } from "node:test";
import assert from "node:assert/strict";
import type { OsName } from "../../core/os_name.ts";
import { scopePath } from "../descriptor.ts";
import { adapter } from "./mod.ts";

const ctx = (os: OsName, home: string, env: Record<string, string> = {}) => ({
  home,
  projectDir: os === "win32" ? "C:\\work\\shop" : "/work/shop",
  env,
  os,
});

test("Devin's config.json: ~/.config/devin on Linux and macOS, %APPDATA%\\devin on Windows", () => {
  const user = (c: ReturnType<typeof ctx>) => scopePath(adapter.server!.paths, "user", c);
  assert.equal(user(ctx("linux", "/home/a")), "/home/a/.config/devin/config.json");
  assert.equal(user(ctx("darwin", "/Users/a")), "/Users/a/.config/devin/config.json");
  assert.equal(
    user(ctx("win32", "C:\\Users\\a", { APPDATA: "D:\\Roaming" })),
    "D:\\Roaming\\devin\\config.json",
  );
  assert.equal(
    user(ctx("win32", "C:\\Users\\a")),
    "C:\\Users\\a\\AppData\\Roaming\\devin\\config.json",
  );
  assert.equal(
    scopePath(adapter.hooks!.paths, "project", ctx("linux", "/home/a")),
    "/work/shop/.devin/config.json",
    "hooks share the project config file",
  );
});
