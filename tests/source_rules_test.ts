import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SKIP = new Set(["node_modules", "npm", "dist", ".git", "fixtures", "coverage", ".tmp"]);
/** The one module allowed to ask which runtime it is on (DESIGN §1). */
const RUNTIME_DETECTION = "core/runtime_info.ts";

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
