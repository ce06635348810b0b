import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { cachedScriptChunk, FLAG_VARIANTS } from "./_npm_code_cache.ts";

// A linked entry chunk as scripts/_npm_chunks.ts writes one: helpers, an
// import, an export list, then the entry's own code.
const CHUNK = [
  "#!/usr/bin/env node",
  'import * as __acx0 from "node:path";',
  'const __acroot = new URL("../", import.meta.url).href;',
  "function __acm1() { return __acx0.basename(__acroot); }",
  "function __acload(s) { return import(s); }",
  "export { __acroot, __acm1 };",
  "(async () => {",
  '  const os = await __acload("node:os");',
  "  process.stdout.write(JSON.stringify([__acm1(), typeof os.platform, typeof this]));",
  "})();",
  "",
].join("\n");

let dir = "";
let data = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ac-cc-"));
  data = join(dir, "data");
  mkdirSync(data);
  const { loader, body } = cachedScriptChunk(CHUNK, "./_main_body.js", "main");
  mkdirSync(join(dir, "pkg", "cli"), { recursive: true });
  writeFileSync(join(dir, "pkg", "package.json"), '{"type":"module"}');
  writeFileSync(join(dir, "pkg", "cli", "_main.js"), loader);
  writeFileSync(join(dir, "pkg", "cli", "_main_body.js"), body);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const EXPECTED = '["pkg","function","undefined"]';

function run(
  command: string,
  root = data,
  nodeArgs: string[] = [],
): { status: number | null; stdout: string } {
  const env: Record<string, string | undefined> = {
    ...process.env,
    AGENT_CONNECTOR_DATA_DIR: root,
  };
  delete env.NODE_OPTIONS;
  const r = spawnSync("node", [...nodeArgs, join(dir, "pkg", "cli", "_main.js"), command], {
    encoding: "utf8",
    env: env as Record<string, string>,
  });
  assert.equal(r.stderr, "");
  return { status: r.status, stdout: r.stdout };
}

const cacheDir = () => join(data, "cache", "node");
const caches = () => (existsSync(cacheDir()) ? readdirSync(cacheDir()).sort() : []);

/** Whether this Node's V8 takes `cache` for the body (a child with the same flags). */
function accepted(cache: string): boolean {
  const check = [
    'const { readFileSync } = await import("node:fs");',
    'const { Script } = await import("node:vm");',
    "const [body, cache] = process.argv.slice(1);",
    'const s = new Script(readFileSync(body, "utf8"), { cachedData: readFileSync(cache) });',
    "process.stdout.write(String(s.cachedDataRejected));",
  ].join("\n");
  const r = spawnSync(
    "node",
    ["--input-type=module", "-e", check, join(dir, "pkg", "cli", "_main_body.js"), cache],
    { encoding: "utf8" },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout === "false";
}

test("the loader runs the chunk as a strict script with its module URL, imports and exports", () => {
  const { loader, body } = cachedScriptChunk(CHUNK, "./_main_body.js", "main");
  assert.match(body, /^\(function \(__acmeta, __acimport, __acx0\) \{\n"use strict";\n/);
  assert.match(body, /new URL\("\.\.\/", __acmeta\.url\)/);
  assert.match(body, /return __acimport\(s\);/);
  assert.doesNotMatch(body, /\bimport\b|\bexport\b/);
  assert.match(loader, /^#!\/usr\/bin\/env node\nimport \* as __acx0 from "node:path";\n/);
  assert.match(loader, /\nexport \{ __acroot, __acm1 \};\n/);
  assert.deepEqual(run("install"), { status: 0, stdout: EXPECTED });
  assert.deepEqual(caches(), [], "only a hook run writes the cache");
});

test("a hook run leaves one cache that V8 accepts, and a run from it leaves it as is", () => {
  assert.deepEqual(run("hook"), { status: 0, stdout: EXPECTED });
  const files = caches();
  assert.equal(files.length, 1);
  assert.match(files[0], /^main-[0-9a-f]{16}-v\d+\.\d+\.\d+-[a-z0-9]+-[0-9a-f]+\.bin$/);
  const cache = join(cacheDir(), files[0]);
  assert.ok(accepted(cache));
  const before = statSync(cache).mtimeMs;
  const bytes = readFileSync(cache);
  assert.deepEqual(run("hook"), { status: 0, stdout: EXPECTED });
  assert.deepEqual(caches(), files);
  assert.equal(statSync(cache).mtimeMs, before);
  assert.deepEqual(readFileSync(cache), bytes);
});

test("a cache V8 rejects is ignored and replaced after the reply", () => {
  run("hook");
  const cache = join(cacheDir(), caches()[0]);
  writeFileSync(cache, "not a code cache");
  assert.deepEqual(run("hook"), { status: 0, stdout: EXPECTED });
  assert.notEqual(readFileSync(cache, "utf8"), "not a code cache");
  assert.ok(accepted(cache));
});

test("writing prunes other builds' caches and keeps few flag variants, not other chunks'", () => {
  run("hook");
  const mine = caches()[0];
  const current = mine.slice(0, mine.lastIndexOf("-") + 1);
  rmSync(join(cacheDir(), mine));
  const stale = [
    "main-0123456789abcdef-v20.0.0-x64-1.bin",
    "main-0123456789abcdef-v1-x64-1.bin.9.tmp",
  ];
  const other = "statusline-0123456789abcdef-v20.0.0-x64-1.bin";
  for (const f of [...stale, other, `${current}aa.bin`]) writeFileSync(join(cacheDir(), f), "x");
  run("hook");
  assert.deepEqual(caches(), [`${current}aa.bin`, mine, other].sort());
  for (let i = 0; i < FLAG_VARIANTS; i++) {
    writeFileSync(join(cacheDir(), `${current}b${i}.bin`), "x");
  }
  rmSync(join(cacheDir(), mine));
  run("hook");
  assert.deepEqual(caches(), [mine, other].sort());
});

test("a missing data root is not created and an unwritable cache folder is harmless", () => {
  const missing = join(dir, "nowhere");
  assert.deepEqual(run("hook", missing), { status: 0, stdout: EXPECTED });
  assert.equal(existsSync(missing), false);
  writeFileSync(join(data, "cache"), "a file where the cache folder would go");
  assert.deepEqual(run("hook"), { status: 0, stdout: EXPECTED });
  assert.equal(readFileSync(join(data, "cache"), "utf8"), "a file where the cache folder would go");
});

test("on a Node without process.getBuiltinModule (before 20.16) the chunk runs uncached", () => {
  const older = ["--import", "data:text/javascript,delete process.getBuiltinModule"];
  assert.deepEqual(run("hook", data, older), { status: 0, stdout: EXPECTED });
  assert.deepEqual(caches(), []);
});

test("the loader rejects export forms the linker never writes", () => {
  assert.throws(
    () => cachedScriptChunk("export const a = 1;\n", "./b.js", "m"),
    /unsupported export/,
  );
  assert.throws(
    () => cachedScriptChunk("const a = 1;\nexport { a as b };\n", "./b.js", "m"),
    /renamed export/,
  );
});
