/**
 * `deno task build:npm`: compiles the published sources into `npm/` as ESM
 * `.js` + `.d.ts` for Node ≥ 20, with a package.json generated from
 * deno.json (DESIGN §1).
 *
 * Each file is compiled on its own with the TypeScript compiler API
 * (`transpileModule` and `transpileDeclaration`, typescript pinned in
 * deno.json) using `rewriteRelativeImportExtensions`,
 * `allowImportingTsExtensions`, `declaration` and `isolatedDeclarations`:
 * isolated declarations make a per-file `.d.ts` exact, so the build needs
 * neither the npm dependencies nor Node's type packages on disk. A missing
 * explicit type fails the build with its file and line. Dependencies are the
 * bare specifiers the emitted files import, pinned through deno.json's
 * imports; the build fails when the npm and deno.json export maps drift.
 * The executable (`cli/main.js`) and what it loads are then pre-linked into
 * chunks (scripts/_npm_chunks.ts); the exports stay one file per module.
 *
 * @module
 */

import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { publishedFiles } from "./_npm_sources.ts";
import { dependenciesFor } from "./_npm_deps.ts";
import type { EmittedModules } from "./_npm_graph.ts";
import { linkChunks, withoutComments } from "./_npm_chunks.ts";
import { cachedScriptChunk } from "./_npm_code_cache.ts";
import { LINKED_ENTRY } from "../install/linked_entry.ts";
import {
  BIN_NAME,
  BIN_SOURCE,
  checkExportMaps,
  type DenoJson,
  npmExports,
  npmPackageJson,
} from "./_npm_package_json.ts";

/** The repository root. */
export const ROOT: string = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const JS_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  rewriteRelativeImportExtensions: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  strict: true,
};

const DTS_OPTIONS: ts.CompilerOptions = {
  ...JS_OPTIONS,
  declaration: true,
  isolatedDeclarations: true,
};

/** What a build produced. */
export interface BuildResult {
  /** The output folder. */
  outDir: string;
  /** How many `.ts` files were compiled. */
  compiled: number;
  /** The generated package.json. */
  packageJson: Record<string, unknown>;
}

/** Builds the npm package from `root` into `outDir` (default `<root>/npm`). */
export function buildNpm(root: string = ROOT, outDir: string = join(root, "npm")): BuildResult {
  const deno = JSON.parse(readFileSync(join(root, "deno.json"), "utf8")) as DenoJson;
  const files = publishedFiles(root, {
    include: deno.publish?.include ?? [],
    exclude: deno.publish?.exclude ?? [],
  });
  rmSync(outDir, { recursive: true, force: true });
  const problems: string[] = [];
  const specifiers = new Set<string>();
  const emitted: EmittedModules = new Map();
  let compiled = 0;
  for (const rel of files) {
    const src = join(root, rel);
    const out = join(outDir, rel);
    mkdirSync(dirname(out), { recursive: true });
    // deno.json, and the Deno launcher's pre-linked entry (Node has its own, below).
    if (rel === "deno.json" || rel === LINKED_ENTRY) continue;
    if (!rel.endsWith(".ts") || rel.endsWith(".d.ts")) {
      copyFileSync(src, out);
      continue;
    }
    const source = readFileSync(src, "utf8");
    const js = ts.transpileModule(source, {
      compilerOptions: JS_OPTIONS,
      fileName: src,
      reportDiagnostics: true,
    });
    const dts = ts.transpileDeclaration(source, {
      compilerOptions: DTS_OPTIONS,
      fileName: src,
      reportDiagnostics: true,
    });
    for (const d of [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])]) {
      problems.push(formatDiagnostic(rel, source, d));
    }
    const declarations = rewriteTsSpecifiers(dts.outputText);
    for (const text of [js.outputText, declarations]) {
      for (const f of ts.preProcessFile(text, true, true).importedFiles) specifiers.add(f.fileName);
    }
    writeFileSync(out.replace(/\.ts$/, ".js"), js.outputText);
    emitted.set(rel.replace(/\.ts$/, ".js"), js.outputText);
    writeFileSync(out.replace(/\.ts$/, ".d.ts"), declarations);
    compiled++;
  }
  if (problems.length > 0) {
    throw new Error(`npm build: ${problems.length} problem(s)\n${problems.join("\n")}`);
  }
  writeLinkedBin(outDir, emitted);
  const packageJson = npmPackageJson(deno, dependenciesFor(specifiers, deno.imports ?? {}));
  writeFileSync(join(outDir, "package.json"), `${JSON.stringify(packageJson, null, 2)}\n`);
  const bin = packageJson.bin as Record<string, string>;
  checkExportMaps(deno.exports, npmExports(deno.exports), outDir, bin);
  chmodSync(join(outDir, bin[BIN_NAME]), 0o755);
  if (!files.includes(BIN_SOURCE.slice(2))) {
    throw new Error(`npm build: ${BIN_SOURCE} is not published`);
  }
  return { outDir, compiled, packageJson };
}

/**
 * The executable, pre-linked into chunks (scripts/_npm_chunks.ts): Node
 * compiles and links each module file on its own, so a hook call loads a
 * few small chunks (the entry, the hook runtime, one dialect) and an install
 * a few dozen instead of ~200 files. The others go under `_bin/`; the
 * entry's chunk runs as a V8 code-cached script (scripts/_npm_code_cache.ts):
 * its code is {@link BIN_BODY} beside `cli/main.js`, which becomes its
 * loader. Every export stays as emitted.
 */
function writeLinkedBin(outDir: string, emitted: EmittedModules): void {
  const entry = BIN_SOURCE.slice(2).replace(/\.ts$/, ".js");
  const dialects = [...emitted.keys()].filter((p) =>
    /^adapters\/dialects\/[a-z][a-z_]*\.js$/.test(p)
  );
  // A host folder's manifest (read on every hook call) and usage reader.
  const inFolders = (name: string) =>
    [...emitted.keys()].filter((p) => new RegExp(`^adapters/[a-z_]+/${name}\\.js$`).test(p)).sort();
  const { files } = linkChunks(withoutComments(emitted), entry, [
    // Loaded on every host event: one chunk with the entry's own imports. Claude's dialect
    // too: it is Claude Code's and its forks' (Codex, Gemini, Qwen, Continue, VS Code), and in
    // the code cache a hook through it compiles nothing (bench/README.md). The registry and
    // the host manifests: a hook call reads its host's.
    [
      "runtime/hook_main.js",
      "telemetry/hook_row_lean.js",
      "adapters/dialects/claude.js",
      "adapters/registry.js",
      ...inFolders("host"),
    ],
    ["runtime/statusline.js"],
    // A plugin host's long-lived hook process: loaded once per host session.
    ["runtime/hook_serve.js"],
    ["runtime/usage_event.js"],
    ...dialects.filter((d) => d !== "adapters/dialects/claude.js").sort().map((d) => [d]),
    // `usage report` reads every host's logs: its readers as one file.
    [
      "usage/readers/registry.js",
      ...[...emitted.keys()].filter((p) => /^usage\/readers\/[a-z][a-z_]*\.js$/.test(p)).sort(),
      ...inFolders("usage"),
    ],
  ]);
  const { loader, body } = cachedScriptChunk(files.get(entry)!, `./${BIN_BODY}`, "main", {
    prelude: COMPILE_CACHE,
  });
  files.set(entry, loader);
  files.set(join(dirname(entry), BIN_BODY).replaceAll("\\", "/"), body);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    // Node parses an ASCII file fastest.
    writeFileSync(join(outDir, path), asciiOnly(text));
  }
}

/** The entry chunk's code, run as a code-cached script by `cli/main.js`. */
const BIN_BODY = "_main_body.js";

/**
 * The loader's first lines: commands other than `hook` and `statusline`
 * turn on Node's compile cache (`module.enableCompileCache`, Node 22.1+,
 * through `getBuiltinModule`), which then compiles the other chunks they
 * load from its cache. Node keeps it where `NODE_COMPILE_CACHE` says, else
 * under the OS temp dir (never in our data root), checks each entry against
 * its file's content, and skips it when that folder cannot be written. A
 * hook runs from our own code cache instead: with it, Node's cache no longer
 * pays for itself there (bench/README.md).
 */
const COMPILE_CACHE = [
  "const __acargv = globalThis.process.argv[2];",
  'if (__acargv !== "hook" && __acargv !== "statusline") {',
  "  try {",
  '    globalThis.process.getBuiltinModule?.("node:module").enableCompileCache?.();',
  "  } catch {}",
  "}",
];

/** `js` with each non-ASCII character of its (comment-free) code as a `\u` escape. */
function asciiOnly(js: string): string {
  return js.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Declaration emit keeps `./x.ts`; consumers resolve `./x.js` to `./x.d.ts`. */
function rewriteTsSpecifiers(text: string): string {
  const imports = ts.preProcessFile(text, true, true).importedFiles
    .filter((f) => /^\.{1,2}\/.*\.ts$/.test(f.fileName) && !f.fileName.endsWith(".d.ts"));
  let out = text;
  for (const f of [...imports].sort((a, b) => b.pos - a.pos)) {
    // pos may point at the opening quote; find the specifier text from there.
    const start = out.indexOf(f.fileName, Math.max(0, f.pos - 1));
    const end = start + f.fileName.length;
    out = out.slice(0, start) + f.fileName.replace(/\.ts$/, ".js") + out.slice(end);
  }
  return out;
}

function formatDiagnostic(rel: string, source: string, d: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
  if (d.start === undefined) return `${rel}: ${message}`;
  const before = source.slice(0, d.start);
  const line = before.split("\n").length;
  const column = d.start - before.lastIndexOf("\n");
  return `${rel}:${line}:${column}: ${message}`;
}

if (import.meta.main) {
  try {
    const { outDir, compiled, packageJson } = buildNpm();
    const deps = Object.keys(packageJson.dependencies as object);
    console.log(
      `built ${compiled} modules into ${outDir} (dependencies: ${deps.join(", ") || "none"})`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
