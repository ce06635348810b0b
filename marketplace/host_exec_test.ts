import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withTempDir } from "../tests/_helpers/temp.ts";
import { findOnPath, shownCommand } from "./host_exec.ts";

test("findOnPath finds a host CLI on PATH, and npm's .cmd shim with Windows' rules", () => {
  withTempDir((dir) => {
    const a = join(dir, "a");
    const b = join(dir, "b");
    mkdirSync(a);
    mkdirSync(b);
    writeFileSync(join(b, "claude"), "");
    writeFileSync(join(b, "claude.cmd"), "");
    assert.equal(findOnPath("claude", { PATH: `${a}:${b}` }), join(b, "claude"));
    assert.equal(findOnPath("gemini", { PATH: `${a}:${b}` }), undefined);
    assert.equal(
      findOnPath("claude", { Path: `${a};${b}`, PATHEXT: ".EXE;.CMD" }, true),
      join(b, "claude.cmd"),
    );
  });
});

test("shownCommand quotes what a shell would split and shows added environment first", () => {
  assert.equal(
    shownCommand("gemini", { args: ["extensions", "install", "/a b/x"], env: { K: "v" } }),
    "K=v gemini extensions install '/a b/x'",
  );
});
