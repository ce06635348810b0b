import { test } from "node:test";
import assert from "node:assert/strict";
import { vibeHookChecks } from "./doctor.ts";
import { project } from "../paths.ts";
import { vibeHome } from "./home.ts";

const layers = { user: vibeHome.join("config.toml"), project: project(".vibe", "config.toml") };
const check = vibeHookChecks(layers);

function input(files: Record<string, string>, scope: "user" | "project" = "user") {
  return {
    scope,
    ctx: { home: "/h", projectDir: "/p", env: {}, os: "linux" as const },
    probe: {
      readText: (p: string) => files[p],
      exists: (p: string) => p in files,
      realPath: (p: string) => p,
    },
  };
}

test("no warning when a config layer turns the experimental hooks on", async () => {
  assert.deepEqual(
    await check(input({ "/h/.vibe/config.toml": "enable_experimental_hooks = true\n" })),
    [],
  );
});

test("a warning naming the file when the flag is off or unset", async () => {
  const off = await check(input({ "/h/.vibe/config.toml": "enable_experimental_hooks = false\n" }));
  assert.equal(off.length, 1);
  assert.match(off[0].message, /\/h\/\.vibe\/config\.toml sets enable_experimental_hooks = false/);
  const unset = await check(input({ "/h/.vibe/config.toml": 'active_model = "x"\n' }));
  assert.match(unset[0].message, /only with enable_experimental_hooks = true/);
  assert.match(unset[0].fix!, /VIBE_ENABLE_EXPERIMENTAL_HOOKS=true/);
});

test("in a project the project's config.toml decides before the user's", async () => {
  const files = {
    "/p/.vibe/config.toml": "enable_experimental_hooks = false\n",
    "/h/.vibe/config.toml": "enable_experimental_hooks = true\n",
  };
  assert.equal((await check(input(files, "project"))).length, 1);
  assert.deepEqual(await check(input(files, "user")), []);
});
