import { test } from "node:test";
import assert from "node:assert/strict";
import { scopePath } from "../descriptor.ts";
import { adapter } from "./mod.ts";
import { crushDialect } from "./dialect.ts";
import { crushRegistries } from "./usage.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("crush.json is under the XDG config folder on every OS, or CRUSH_GLOBAL_CONFIG", () => {
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/h/.config/crush/crush.json");
  const win = { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" as const };
  assert.equal(
    scopePath(adapter.server!.paths, "user", win),
    "C:\\Users\\ann\\.config\\crush\\crush.json",
  );
  const moved = { ...ctx, env: { CRUSH_GLOBAL_CONFIG: "/etc/c" } };
  assert.equal(scopePath(adapter.hooks!.paths, "user", moved), "/etc/c/crush.json");
  assert.equal(scopePath(adapter.memory!.paths, "user", moved), "/etc/c/CRUSH.md");
  assert.equal(
    scopePath(adapter.skills!.paths, "user", { ...ctx, env: { CRUSH_SKILLS_DIR: "/s" } }),
    "/s",
  );
});

test("a project's existing .crush.json takes the entry; crush.json otherwise", () => {
  assert.equal(scopePath(adapter.server!.paths, "project", ctx), "/p/crush.json");
  const probe = { exists: (p: string) => p === "/p/.crush.json" };
  assert.equal(scopePath(adapter.server!.paths, "project", { ...ctx, probe }), "/p/.crush.json");
});

test("the usage registry moves with CRUSH_GLOBAL_DATA; Windows looks in LOCALAPPDATA first", () => {
  assert.deepEqual(crushRegistries({ home: "/h", env: { CRUSH_GLOBAL_DATA: "/d" }, os: "linux" }), [
    "/d/projects.json",
  ]);
  assert.deepEqual(
    crushRegistries({ home: "C:\\U", env: { LOCALAPPDATA: "C:\\L" }, os: "win32" }),
    ["C:\\L\\crush\\projects.json", "C:\\U\\.local\\share\\crush\\projects.json"],
  );
});

test("an entry that Crush's shell would run is skipped, never written", () => {
  const r = adapter.server!.render({
    id: "a",
    displayName: "A",
    server: { transport: "stdio", command: "a" },
    launch: { command: "a", args: ["--t", "$(cat t)"], env: {} },
  });
  assert.match(r.skip ?? "", /\$\(\.\.\.\)/);
  const ok = adapter.server!.render({
    id: "a",
    displayName: "A",
    server: { transport: "stdio", command: "a" },
    launch: { command: "a", args: ["--t"], env: { T: "${T}" } },
  });
  assert.equal(ok.skip, undefined);
});

test("PreToolUse replies: deny, context and updated_input; ask and allow stay silent", () => {
  const deny = crushDialect.format("PreToolUse", { decision: "deny", reason: "no" });
  assert.deepEqual(JSON.parse(deny.stdout), { decision: "deny", reason: "no" });
  const modify = crushDialect.format("PreToolUse", {
    decision: "modify",
    updatedInput: { command: "ls" },
    additionalContext: "note",
  });
  assert.deepEqual(JSON.parse(modify.stdout), {
    updated_input: { command: "ls" },
    context: "note",
  });
  assert.equal(crushDialect.format("PreToolUse", { decision: "ask" }).stdout, "");
  assert.equal(crushDialect.format("PreToolUse", { decision: "allow" }).stdout, "");
});
