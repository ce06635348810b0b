/**
 * `deno task build:hook`: writes `cli/main_linked.js`, the pre-linked CLI
 * entry the Deno home binary runs. It is `cli/main.ts` with the modules a
 * hook, status-line or usage-event call loads (the runtime entry, every hook
 * dialect, the telemetry row) joined into one JavaScript file: Deno then
 * loads one module instead of ~20 TypeScript modules and two lazy module
 * graphs per hook call (DESIGN §5). Every other command falls through to
 * the CLI table, loaded lazily from its own `.ts` files as before.
 *
 * The file is generated, never committed (.gitignore): `deno task test`,
 * `bench`, `build:npm` and `publish` build it first (deno.json), JSR ships
 * it (`publish.include` names it), and tests that run it call
 * {@link ensureLinkedEntry}. `tests/hook_entry_fresh_test.ts` fails when the
 * built file is stale. Its header names the sources and their digest, so the
 * launcher runs it only while it matches them (install/linked_entry.ts).
 *
 * @module
 */

import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { bundleEntry, type EmittedModules } from "./_npm_bundle.ts";
import { eagerFunctions } from "./_eager_functions.ts";
import { LINKED_ENTRY, linkedEntryFresh, sourcesDigest } from "../install/linked_entry.ts";
import { writeHostsIndex } from "./build_hosts.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = "cli/main.ts";

const JS_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  removeComments: true,
  strict: true,
};

/** What the entry loads lazily on the hot paths. */
function hotModules(root: string): string[] {
  const dialects = readdirSync(join(root, "adapters", "dialects"))
    .filter((f) => /^[a-z][a-z_]*\.ts$/.test(f) && !f.endsWith("_test.ts"))
    .sort()
    .map((f) => `adapters/dialects/${f}`);
  // The host manifests: a hook call reads its host's (and, on a file other
  // hosts run too, theirs) before loading the dialect.
  const manifests = readdirSync(join(root, "adapters"))
    .filter((d) => existsSync(join(root, "adapters", d, "host.ts")))
    .sort()
    .map((d) => `adapters/${d}/host.ts`);
  return [
    "runtime/hook_main.ts",
    "runtime/statusline.ts",
    "runtime/usage_event.ts",
    "telemetry/hook_row_lean.ts",
    "adapters/registry.ts",
    ...dialects,
    ...manifests,
  ];
}

/** Transpiles the entry, the hot modules and everything they import relatively. */
function transpiled(root: string, roots: string[]): EmittedModules {
  const modules: EmittedModules = new Map();
  const queue = [...roots];
  while (queue.length) {
    const path = queue.shift()!;
    if (modules.has(path)) continue;
    const js = ts.transpileModule(readFileSync(join(root, path), "utf8"), {
      compilerOptions: JS_OPTIONS,
      fileName: path,
    }).outputText;
    modules.set(path, js);
    for (const f of ts.preProcessFile(js, true, true).importedFiles) {
      const spec = f.fileName;
      if (spec.startsWith("./") || spec.startsWith("../")) {
        queue.push(join(dirname(path), spec).replaceAll("\\", "/"));
      }
    }
  }
  return modules;
}

/**
 * Joined modules whose functions stay lazily compiled (scripts/_eager_functions.ts):
 * the Node half of the lean I/O, which never runs under Deno, and the
 * dialects outside the Claude family and the host manifests but Claude
 * Code's, each used by its own hosts only. Compiled eagerly, their code in
 * the cache costs every hook call page faults for no instruction saved on it
 * (bench/README.md).
 */
function staysLazy(path: string): boolean {
  return path === "edge/lean_io_node.ts" ||
    (path.startsWith("adapters/dialects/") &&
      !["adapters/dialects/claude.ts", "adapters/dialects/claude_family.ts"].includes(path)) ||
    (/^adapters\/[a-z_]+\/host\.ts$/.test(path) && path !== "adapters/claude_code/host.ts");
}

/** The text `cli/main_linked.js` must have for the sources under `root`. */
export function linkedEntryText(root: string = ROOT): string {
  const modules = transpiled(root, [ENTRY, ...hotModules(root)]);
  const { text, joined } = bundleEntry(modules, ENTRY, hotModules(root), LINKED_ENTRY);
  const sources = [ENTRY, ...joined].sort();
  const digest = sourcesDigest((p) => readFileSync(join(root, p), "utf8"), sources);
  const shebang = /^#![^\n]*\n/.exec(text)?.[0] ?? "";
  // Compiled with the script, so Deno's code cache holds the functions a
  // hook call runs. `__acN` is the joined module `joined[N]` (_npm_bundle.ts).
  const lazy = new Set(joined.flatMap((p, i) => staysLazy(p) ? [`__ac${i}`] : []));
  for (const id of lazy) {
    if (!text.includes(`function ${id}() {`)) throw new Error(`build:hook: no ${id} in the bundle`);
  }
  const body = eagerFunctions(text.slice(shebang.length), lazy);
  return [
    shebang.trimEnd(),
    "// deno-fmt-ignore-file",
    "// deno-lint-ignore-file",
    "// Generated by `deno task build:hook` (scripts/build_hook_entry.ts): do not edit.",
    `// sources ${digest} ${sources.join(" ")}`,
    body,
  ].filter(Boolean).join("\n");
}

/**
 * Writes the pre-linked entry for the sources under `root` to `out`
 * (default `<root>/cli/main_linked.js`) through a temporary file and a
 * rename, so a concurrent reader or builder never sees half a file.
 * Returns the path written.
 */
export function writeLinkedEntry(
  root: string = ROOT,
  out: string = join(root, LINKED_ENTRY),
): string {
  const temp = `${out}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, linkedEntryText(root));
    renameSync(temp, out);
  } finally {
    rmSync(temp, { force: true });
  }
  return out;
}

/** Builds `<root>/cli/main_linked.js` unless it exists and matches its sources; true if it built. */
export function ensureLinkedEntry(root: string = ROOT): boolean {
  if (linkedEntryFresh(root)) return false;
  writeLinkedEntry(root);
  return true;
}

if (import.meta.main) {
  try {
    await writeHostsIndex(ROOT);
    console.log(`wrote ${writeLinkedEntry()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
