import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import process from "node:process";
import { dirname, join } from "node:path";
import { buildNpm } from "./build_npm.ts";
import { dependenciesFor, packageOf } from "./_npm_deps.ts";
import { checkExportMaps, npmExports } from "./_npm_package_json.ts";
import { globToRegExp, publishedFiles } from "./_npm_sources.ts";

let root = "";
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "ac-build-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const IMPORTS = {
  "smol-toml": "npm:smol-toml@1.9.1",
  "gpt-tokenizer/": "npm:/gpt-tokenizer@4.0.0/",
  "fast-check": "npm:fast-check@4.11.0",
  "loose": "npm:loose@^1.0.0",
};

function fakeRepo(extra: Record<string, string> = {}): void {
  write(
    "deno.json",
    JSON.stringify({
      name: "@x/pkg",
      version: "1.2.3",
      exports: { ".": "./mod.ts", "./cli": "./cli/mod.ts" },
      imports: IMPORTS,
      publish: { include: ["mod.ts", "cli/", "core/", "README.md"], exclude: ["**/*_test.ts"] },
    }),
  );
  write("README.md", "# x\n");
  write("mod.ts", 'export { parseToml } from "./core/toml.ts";\n');
  write(
    "core/toml.ts",
    'import { parse } from "smol-toml";\n/** Parses. */\nexport function parseToml(t: string): unknown {\n  return parse(t);\n}\n' +
      '/** Lazily loads the tokenizer. */\nexport async function tok(): Promise<unknown> {\n  return await import("gpt-tokenizer/encoding/o200k_base");\n}\n',
  );
  write("core/toml_test.ts", 'import fc from "fast-check";\nconsole.log(fc);\n');
  write("cli/mod.ts", '/** Runs — or not. */\nexport const run = (s = ""): number => s.length;\n');
  write(
    "cli/main.ts",
    '#!/usr/bin/env node\n// Starts — once.\nimport { run } from "./mod.ts";\nrun("ready…");\n',
  );
  for (const [rel, text] of Object.entries(extra)) write(rel, text);
}

test("publish globs match folders, ** and * the way deno publish reads them", () => {
  assert.ok(globToRegExp("**/*_test.ts").test("core/a_test.ts"));
  assert.ok(globToRegExp("**/*_test.ts").test("a_test.ts"));
  assert.ok(!globToRegExp("**/*_test.ts").test("core/a.ts"));
  assert.ok(globToRegExp("tests/").test("tests/x/y.ts"));
  assert.ok(!globToRegExp("tests/").test("tests_x.ts"));
});

test("published files are the includes minus the excludes", () => {
  fakeRepo();
  assert.deepEqual(
    publishedFiles(root, { include: ["mod.ts", "core/", "missing/"], exclude: ["**/*_test.ts"] }),
    [
      "mod.ts",
      "core/toml.ts",
    ],
  );
});

test("dependencies come from the import map with exact pins, subpath prefixes included", () => {
  assert.deepEqual(
    dependenciesFor(
      ["./a.ts", "node:fs", "smol-toml", "gpt-tokenizer/encoding/o200k_base"],
      IMPORTS,
    ),
    { "gpt-tokenizer": "4.0.0", "smol-toml": "1.9.1" },
  );
  assert.equal(packageOf("@scope/name/sub/path"), "@scope/name");
  assert.throws(
    () => dependenciesFor(["left-pad"], IMPORTS),
    /"left-pad" is not mapped to an exact npm: version/,
  );
  assert.throws(
    () => dependenciesFor(["loose"], IMPORTS),
    /must be pinned to an exact version, got "\^1\.0\.0"/,
  );
  assert.throws(
    () => dependenciesFor(["npm:left-pad@1.0.0"], IMPORTS),
    /through deno\.json imports/,
  );
});

test("the build emits .js and .d.ts, runtime dependencies only, and the bin", () => {
  fakeRepo();
  const out = join(root, "npm");
  const { packageJson, compiled } = buildNpm(root, out);
  assert.equal(compiled, 4);
  assert.deepEqual(packageJson.dependencies, { "gpt-tokenizer": "4.0.0", "smol-toml": "1.9.1" });
  assert.deepEqual(packageJson.exports, {
    ".": { types: "./mod.d.ts", default: "./mod.js" },
    "./cli": { types: "./cli/mod.d.ts", default: "./cli/mod.js" },
  });
  assert.deepEqual(packageJson.bin, { "agent-connector": "./cli/main.js" });
  assert.equal(readFileSync(join(out, "mod.js"), "utf8").includes('from "./core/toml.js"'), true);
  assert.equal(readFileSync(join(out, "mod.d.ts"), "utf8").includes('from "./core/toml.js"'), true);
  // The bin: a loader compiling the linked entry's code, a script beside it, with a V8 code
  // cache; commands other than hook and statusline turn on Node's compile cache first.
  const loader = readFileSync(join(out, "cli/main.js"), "utf8");
  assert.match(loader, /^#!\/usr\/bin\/env node\n/);
  assert.match(loader, /enableCompileCache\?\.\(\)/);
  assert.match(loader, /__acscript\(import\.meta, "\.\/_main_body\.js", "main", "[0-9a-f]{16}"/);
  assert.equal(existsSync(join(out, "cli/_main.js")), false);
  const bin = readFileSync(join(out, "cli/_main_body.js"), "utf8");
  assert.match(bin, /^\(function \(__acmeta, __acimport\) \{\n"use strict";\n/);
  assert.ok(!bin.includes("Starts") && !bin.includes("Runs"), "the pre-linked bin has no comments");
  assert.match(bin, /run\("ready\\u2026"\)/, "and is ASCII, with the same strings");
  const ran = spawnSync("node", [join(out, "cli/main.js")], {
    encoding: "utf8",
    env: { ...process.env, AGENT_CONNECTOR_DATA_DIR: join(root, "missing") },
  });
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(existsSync(join(out, "core/toml_test.js")), false);
  assert.equal(existsSync(join(out, "README.md")), true);
});

test("a declaration that needs inference fails the build with its file and line", () => {
  fakeRepo({ "core/bad.ts": "\nexport function f(a: number) {\n  return a;\n}\n" });
  assert.throws(
    () => buildNpm(root, join(root, "npm")),
    /core\/bad\.ts:2:17: Function must have an explicit return type annotation with --isolatedDeclarations/,
  );
});

test("the export-map check fails when the npm and deno.json maps drift", () => {
  fakeRepo();
  const out = join(root, "npm");
  buildNpm(root, out);
  const deno = { ".": "./mod.ts", "./cli": "./cli/mod.ts" };
  checkExportMaps(deno, npmExports(deno), out);
  assert.throws(
    () => checkExportMaps({ ...deno, "./sdk": "./sdk/mod.ts" }, npmExports(deno), out),
    /"\.\/sdk" only in deno\.json/,
  );
  assert.throws(
    () =>
      checkExportMaps(deno, {
        ...npmExports(deno),
        "./extra": { types: "./x.d.ts", default: "./x.js" },
      }, out),
    /"\.\/extra" only in package\.json/,
  );
  assert.throws(
    () => checkExportMaps(deno, npmExports({ ".": "./mod.ts", "./cli": "./cli/main.ts" }), out),
    /"\.\/cli" points at \.\/cli\/main\.js, deno\.json at \.\/cli\/mod\.ts/,
  );
  rmSync(join(out, "cli/mod.d.ts"));
  assert.throws(
    () => checkExportMaps(deno, npmExports(deno), out),
    /"\.\/cli": \.\/cli\/mod\.d\.ts was not built/,
  );
});
