import { test } from "node:test";
import assert from "node:assert/strict";
import type { Probe } from "../descriptor.ts";
import { droidHookChecks } from "./doctor.ts";

function probe(files: Record<string, string>): Probe {
  return {
    readText: (p) => files[p],
    exists: (p) => p in files,
    realPath: (p) => p,
  };
}

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("Droid doctor: settings.json hooks shadowed by hooks.json, and hooksDisabled, are reported", async () => {
  const found = await droidHookChecks({
    scope: "user",
    ctx,
    probe: probe({
      "/h/.factory/hooks.json": '{"PreToolUse": [], "hooksDisabled": true}',
      "/h/.factory/settings.json": '{"hooks": {"PreToolUse": [{"hooks": []}], "Stop": []}}',
    }),
  });
  assert.equal(found.length, 2);
  assert.match(found[0].message, /hooks\.json sets hooksDisabled to true/);
  assert.match(found[1].message, /settings\.json has PreToolUse hooks that Droid ignores/);
});

test("Droid doctor: nothing to say when only one file holds an event, in either scope", async () => {
  for (const scope of ["user", "project"] as const) {
    const dir = scope === "user" ? "/h/.factory" : "/p/.factory";
    const found = await droidHookChecks({
      scope,
      ctx,
      probe: probe({
        [`${dir}/hooks.json`]: '{"PreToolUse": []}',
        [`${dir}/settings.json`]: '{"hooks": {"Stop": [{"hooks": []}]}}',
      }),
    });
    assert.deepEqual(found, []);
  }
});
