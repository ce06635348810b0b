import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveRelative } from "./lazy_import.ts";

test("a relative specifier resolves as new URL resolves it", () => {
  const cases: Array<[string, string]> = [
    ["../telemetry/hook_row_lean.ts", "file:///work/ac/runtime/hook_main.ts"],
    ["./dialects/claude.ts", "file:///work/ac/adapters/registry.ts"],
    ["../../core/x.js", "file:///a/b/c/d.js"],
    ["../../../../x.ts", "file:///a/b/c.ts"],
    ["../x.ts", "file:///C:/x.ts"],
    ["../x.ts", "file:///a//b/c.ts"],
    ["./x.ts", "file:///a%20b/c.ts"],
    ["../x.ts", "file:///a/b.ts?v=1"],
    ["./x y.ts", "file:///a/b.ts"],
    ["./a/../b.ts", "file:///a/b.ts"],
    ["../x.ts", "file:///a/%2E%2E/b/c.ts"],
    ["../x.ts", "file:///a/./b/c.ts"],
  ];
  for (const [spec, base] of cases) {
    assert.equal(resolveRelative(spec, base), new URL(spec, base).href, `${spec} from ${base}`);
  }
  const segment = fc.constantFrom(
    "a",
    "b_c",
    "d-e",
    "..",
    ".",
    "",
    "C:",
    "C|",
    "%20",
    "%2e",
    "x?y",
    "a b",
  );
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom("./", "../"), { minLength: 1, maxLength: 4 }),
      fc.array(fc.constantFrom("x", "y_z", "w-v"), { maxLength: 2 }),
      fc.array(segment, { maxLength: 5 }),
      (ups, dirs, baseDirs) => {
        const spec = `${ups.join("")}${[...dirs, "m.ts"].join("/")}`;
        const base = `file:///${[...baseDirs, "entry.js"].join("/")}`;
        assert.equal(resolveRelative(spec, base), new URL(spec, base).href, `${spec} from ${base}`);
      },
    ),
    { numRuns: 1000 },
  );
});
