import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SKIP = new Set(["node_modules", "npm", "dist", ".git", "fixtures", "coverage", ".tmp"]);
/** The one module allowed to ask which runtime it is on (DESIGN §1). */
const RUNTIME_DETECTION = "edge/runtime_info.ts";

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|mts|mjs|js)$/.test(name)) out.push(relative(root, path).split("\\").join("/"));
  }
  return out;
}

// Built from parts so this file does not match its own patterns. An import
// (static, dynamic or re-export) of a jsr: specifier; the launcher's own
// `jsr:` entry strings are command-line words, not imports.
const JSR = new RegExp(
  ["(?:\\bfrom\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s+)[\"'`]", "jsr", ":"].join(""),
);
const DENO_NAMESPACE = new RegExp(["\\b", "Deno", "\\.[A-Za-z]"].join(""));

test("the jsr: rule sees imports and not command-line words", () => {
  const j = ["js", "r:"].join("");
  for (const line of [`import { join } from "${j}@std/path";`, `await import('${j}@std/fs')`]) {
    assert.ok(JSR.test(line), line);
  }
  assert.ok(JSR.test(`export * from "${j}@std/path";`));
  assert.equal(JSR.test(`const entry = \`${j}\${pkg.name}@\${pkg.version}/main\`;`), false);
});

test("no source imports from jsr: (only the npm registry is reachable)", () => {
  const offenders = sources(root).filter((f) => JSR.test(readFileSync(join(root, f), "utf8")));
  assert.deepEqual(offenders, []);
});

test("only the runtime-detection module may touch the Deno namespace", () => {
  const offenders = sources(root).filter((f) =>
    f !== RUNTIME_DETECTION && DENO_NAMESPACE.test(readFileSync(join(root, f), "utf8"))
  );
  assert.deepEqual(offenders, []);
});

/** Relative import specifiers of a module (static, dynamic, re-exports), comments left out. */
function relativeImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)]
    .map((m) => m[1]);
}

test("core/ is pure: its modules import nothing of the project outside core/", () => {
  const offenders = sources(root)
    .filter((f) => f.startsWith("core/") && !f.endsWith("_test.ts"))
    .flatMap((f) =>
      relativeImports(readFileSync(join(root, f), "utf8"))
        .map((spec) => [f, posix.join(posix.dirname(f), spec)])
        .filter(([, target]) => !target.startsWith("core/"))
        .map(([from, target]) => `${from} imports ${target}`)
    );
  assert.deepEqual(offenders, []);
});

// Built from parts so this file does not match its own patterns.
const RUNTIME_TRICK = new RegExp(
  ["\\.", "binding\\(", "|", "getBuiltin", "Module\\b", "|", "\\bdl", "open\\("].join(""),
);

test("runtime tricks (process.binding, getBuiltinModule, FFI) live only in edge/", () => {
  // scripts/ writes the npm build's loader, which takes Node's built-ins the same way;
  // cli/main_linked.js is generated from edge/ among others.
  const offenders = sources(root).filter((f) =>
    !/^(edge|scripts|tests)\//.test(f) && !f.endsWith("_test.ts") && f !== "cli/main_linked.js" &&
    RUNTIME_TRICK.test(readFileSync(join(root, f), "utf8"))
  );
  assert.deepEqual(offenders, []);
});
