import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy, usageFixture } from "../../tests/_helpers/usage.ts";
import { interpreterHome } from "./home.ts";

const ctx = (env: Record<string, string>) => ({
  home: "/h",
  projectDir: "/p",
  env,
  os: "linux" as const,
});

test("the home is INTERPRETER_HOME, then OPEN_INTERPRETER_HOME, then ~/.openinterpreter", () => {
  assert.equal(interpreterHome(ctx({})), "/h/.openinterpreter");
  assert.equal(interpreterHome(ctx({ OPEN_INTERPRETER_HOME: "/o" })), "/o");
  assert.equal(interpreterHome(ctx({ INTERPRETER_HOME: "/i", OPEN_INTERPRETER_HOME: "/o" })), "/i");
  assert.equal(interpreterHome(ctx({ CODEX_HOME: "/c" })), "/h/.openinterpreter", "not CODEX_HOME");
});

test("Codex rollouts in Open Interpreter's home are read as its usage, not Codex's", async () => {
  const box = tempCopy();
  try {
    const oi = join(box.dir, "oi");
    mkdirSync(oi, { recursive: true });
    cpSync(join(usageFixture("agent-kit/home"), ".codex"), oi, { recursive: true });
    const scan = (platforms: ("open-interpreter" | "codex")[]) =>
      scanUsage({ machine: hostAt(box.dir, { INTERPRETER_HOME: oi }), platforms, cache: false });
    const { records, problems } = await scan(["open-interpreter"]);
    assert.deepEqual(problems, []);
    assert.deepEqual(buckets(records), [4135, 510, 0, 170]);
    assert.ok(records.every((r) => r.platformId === "open-interpreter"));
    assert.equal((await scan(["codex"])).records.length, 0, "Codex's own home is empty");
  } finally {
    box.done();
  }
});
