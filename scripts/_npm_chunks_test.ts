import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import process from "node:process";
import { dirname, join } from "node:path";
import { linkChunks } from "./_npm_chunks.ts";
import { cachedScriptChunk } from "./_npm_code_cache.ts";
import type { EmittedModules } from "./_npm_graph.ts";

const lines = (...xs: string[]) => xs.join("\n") + "\n";

// A small package: an entry with a hook path and a lazily loaded command
// table, modules shared between them, a cycle, a live `let` export, a class
// thrown across chunks, a JSON file, a module only known at run time and a
// worker-like module awaiting at the top level.
const MODULES: EmittedModules = new Map([
  [
    "cli/main.js",
    lines(
      "#!/usr/bin/env node",
      'import { lazy } from "../core/lazy.js";',
      'import { Err } from "../core/err.js";',
      "if (process.argv[2] === 'hook') {",
      '  const h = await import("../rt/hook.js");',
      "  console.log(JSON.stringify(await h.run()));",
      "} else {",
      '  const t = await lazy("../cli/table.ts", import.meta.url);',
      "  console.log(JSON.stringify([...(await t.run()), t.ONE, typeof Err]));",
      "}",
    ),
  ],
  [
    "core/lazy.js",
    lines(
      "export function lazy(spec, base) {",
      "  const url = new URL(spec, base);",
      '  url.pathname = url.pathname.replace(/\\.ts$/, ".js");',
      "  return import(url.href);",
      "}",
    ),
  ],
  ["core/err.js", "export class Err extends Error {}\n"],
  ["core/state.js", "export let count = 0;\nexport function bump() {\n  count++;\n}\n"],
  [
    "core/a.js",
    lines(
      'import { fromB } from "./b.js";',
      'export const A_CONST = "A";',
      "export function a() {",
      "  return fromB();",
      "}",
    ),
  ],
  [
    "core/b.js",
    lines(
      'import { A_CONST, a } from "./a.js";',
      "export const sawA = typeof a;",
      "export function fromB() {",
      '  return "b sees " + A_CONST;',
      "}",
    ),
  ],
  [
    "rt/hook.js",
    lines(
      'import { Err } from "../core/err.js";',
      'import { bump, count } from "../core/state.js";',
      'import { sep } from "node:path";',
      'import { a } from "../core/a.js";',
      'import { sawA } from "../core/b.js";',
      "export async function run() {",
      "  bump();",
      "  let caught = false;",
      "  try {",
      '    (await import("./thrower.js")).boom();',
      "  } catch (e) {",
      "    caught = e instanceof Err;",
      "  }",
      "  const here = new URL(import.meta.url).pathname.split('/').slice(-2).join('/');",
      "  return [count, a(), sawA, sep, here, caught];",
      "}",
    ),
  ],
  [
    "rt/thrower.js",
    'import { Err } from "../core/err.js";\nexport function boom() {\n  throw new Err("x");\n}\n',
  ],
  [
    "cli/table.js",
    lines(
      'import * as st from "../core/state.js";',
      'import def from "./def.js";',
      'import { lazy } from "../core/lazy.js";',
      'import { shared } from "./shared.js";',
      'export * from "./cmds.js";',
      "export async function run() {",
      "  st.bump();",
      "  st.bump();",
      '  const j = await import("./data.json", { with: { type: "json" } });',
      '  const name = ["./cmd", "_x.ts"].join("");',
      "  const cmd = await lazy(name, import.meta.url);",
      '  const worker = await import(new URL("../rt/worker_main.js", import.meta.url).href);',
      '  const y = await lazy("./cmd_y.ts", import.meta.url);',
      "  return [st.count, def, j.default.x, cmd.sameState(), worker.w, Object.keys(st).join(),",
      "    shared + y.fromY()];",
      "}",
    ),
  ],
  ["cli/cmds.js", "export const ONE = 1;\nexport const twoFn = () => 2;\n"],
  ["cli/def.js", "export default 42;\n"],
  ["cli/shared.js", 'export const shared = "s";\n'],
  [
    "cli/cmd_y.js",
    'import { shared } from "./shared.js";\nexport const fromY = () => shared + "y";\n',
  ],
  [
    "cli/cmd_x.js",
    lines(
      'import { count } from "../core/state.js";',
      "export function sameState() {",
      "  return count;",
      "}",
    ),
  ],
  [
    "rt/worker_main.js",
    'import { count } from "../core/state.js";\nawait 0;\nexport const w = count;\n',
  ],
]);

/** Runs the linked build; with `entryFile`, the entry's chunk there and `cli/main.js` importing it. */
function runLinked(
  args: string[],
  entryFile?: string,
  groups: string[][] = [],
  script = false,
): unknown {
  const { files } = linkChunks(MODULES, "cli/main.js", groups, entryFile);
  if (groups.length) {
    // The entry loads what it holds itself by calling it, not by importing its own file.
    const entry = files.get(entryFile ?? "cli/main.js")!;
    assert.match(entry, /await Promise\.resolve\(\)\.then\(\(\) => __acm\d+\(\)\)/);
    assert.doesNotMatch(entry, /import\("\.\/(_?main)\.js"\)/);
  }
  if (script && entryFile) {
    const { loader, body } = cachedScriptChunk(files.get(entryFile)!, "./_body.js", "main");
    files.set(entryFile, loader);
    files.set(join(dirname(entryFile), "_body.js"), body);
  }
  if (entryFile) {
    assert.equal(files.has("cli/main.js"), false);
    files.set("cli/main.js", `await import(${JSON.stringify(`../${entryFile}`)});\n`);
  }
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const write = (p: string, text: string) => {
      mkdirSync(dirname(join(dir, p)), { recursive: true });
      writeFileSync(join(dir, p), text);
    };
    for (const [p, js] of MODULES) write(p, js);
    write("cli/data.json", '{"x": 7}');
    write("package.json", '{"type":"module"}');
    for (const [p, text] of files) write(p, text);
    mkdirSync(join(dir, "data"));
    const node = () =>
      spawnSync("node", [join(dir, "cli", "main.js"), ...args], {
        encoding: "utf8",
        env: { ...process.env, AGENT_CONNECTOR_DATA_DIR: join(dir, "data") },
      });
    const run = node();
    assert.equal(run.status, 0, run.stderr);
    if (script && args[0] === "hook") {
      // The first hook run leaves a code cache; the second runs from it, the same.
      assert.equal(readdirSync(join(dir, "data", "cache", "node")).length, 1);
      const again = node();
      assert.equal(again.status, 0, again.stderr);
      assert.equal(again.stdout, run.stdout);
    }
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("every linked module lives in exactly one chunk; a top-level await keeps its own file", () => {
  const { chunks } = linkChunks(MODULES, "cli/main.js");
  const placed = [...chunks.values()].flat().sort();
  assert.deepEqual(placed, [...MODULES.keys()].filter((p) => p !== "rt/worker_main.js").sort());
  assert.equal(new Set(placed).size, placed.length);
});

test("the hook path's chunks hold neither the command table nor what only it uses", () => {
  const { chunks } = linkChunks(MODULES, "cli/main.js");
  const chunkOf = (m: string) => [...chunks].find(([, ms]) => ms.includes(m))![0];
  assert.deepEqual(chunks.get("cli/main.js"), ["cli/main.js", "core/err.js", "core/lazy.js"]);
  for (const m of ["cli/table.js", "cli/def.js", "cli/cmds.js", "cli/cmd_x.js"]) {
    for (const hot of ["rt/hook.js", "core/err.js", "core/state.js"]) {
      assert.notEqual(chunkOf(m), chunkOf(hot), `${m} shares a chunk with ${hot}`);
    }
  }
  assert.notEqual(chunkOf("rt/thrower.js"), chunkOf("rt/hook.js"));
});

test("a module shared by the command table and a command it loads goes with the table", () => {
  const { chunks } = linkChunks(MODULES, "cli/main.js");
  const chunkOf = (m: string) => [...chunks].find(([, ms]) => ms.includes(m))![0];
  assert.equal(chunkOf("cli/shared.js"), chunkOf("cli/table.js"));
  assert.notEqual(chunkOf("cli/cmd_y.js"), chunkOf("cli/table.js"));
});

test("linked modules run as the separate files did: cycles, live bindings, one class, own URLs", () => {
  assert.deepEqual(runLinked(["hook"]), [1, "b sees A", "function", "/", "rt/hook.js", true]);
});

test("lazy loads by computed URL reach the one linked copy; JSON and awaiting modules load as files", () => {
  assert.deepEqual(runLinked(["table"]), [
    2,
    42,
    7,
    2,
    0, // the awaiting module's own file imports its own copy of core/state.js
    "bump,count",
    "ssy",
    1,
    "function",
  ]);
});

test("an entry chunk written beside the entry's path runs the same, imported from a stub", () => {
  assert.deepEqual(runLinked(["hook"], "cli/_main.js"), [
    1,
    "b sees A",
    "function",
    "/",
    "rt/hook.js",
    true,
  ]);
  assert.deepEqual((runLinked(["table"], "cli/_main.js") as unknown[]).slice(0, 3), [2, 42, 7]);
});

test("a lazily loaded module joined into the entry's file runs the same, without a self-import", () => {
  assert.deepEqual(runLinked(["hook"], "cli/_main.js", [["rt/hook.js"]]), [
    1,
    "b sees A",
    "function",
    "/",
    "rt/hook.js",
    true,
  ]);
});

test("an entry chunk run as a code-cached script runs the same, cold and from its cache", () => {
  for (const groups of [[], [["rt/hook.js"]]]) {
    assert.deepEqual(runLinked(["hook"], "cli/_main.js", groups, true), [
      1,
      "b sees A",
      "function",
      "/",
      "rt/hook.js",
      true,
    ]);
  }
  assert.deepEqual((runLinked(["table"], "cli/_main.js", [], true) as unknown[]).slice(0, 3), [
    2,
    42,
    7,
  ]);
});

test("a module using the linker's reserved names is a build error", () => {
  const modules: EmittedModules = new Map([["cli/main.js", "const __acm1 = 1;\n"]]);
  assert.throws(() => linkChunks(modules, "cli/main.js"), /cli\/main\.js uses the reserved prefix/);
});
