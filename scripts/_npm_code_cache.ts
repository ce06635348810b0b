/**
 * The npm executable's linked entry chunk as a V8 code-cached script. Node
 * 20 keeps no compiled code between runs of an ES module (Node 22's compile
 * cache is keyed to module files and did not pay for itself on a hook), so
 * every hook call parsed the whole entry chunk and compiled each function it
 * ran: about 60 % of a Node 20 hook's cost over an empty script. Split here
 * into:
 *
 * - the body (`cli/_main_body.js`): the chunk's code inside a
 *   `(function (__acmeta, __acimport, …imports) { "use strict"; … })`
 *   wrapper, its `import.meta` and `import()` rewritten to the parameters
 *   and its `export { … }` turned into the returned object;
 * - the loader (written where the chunk was, `cli/main.js`): an ES module
 *   that compiles the body with `vm.Script` and the cached data of an earlier
 *   run, runs it, and re-exports what the chunk exported, so the other chunks
 *   importing it see the same single instance.
 *
 * The cache lives in the data root (`AGENT_CONNECTOR_DATA_DIR`, which the
 * home-binary launcher sets, else `~/.agent-connector`) as
 * `cache/node/<name>-<body sha-256>-<node version>-<arch>-<flags hash>.bin`:
 * keyed by the body's content (hashed at build time, so a run hashes
 * nothing), the runtime and the flags V8 sees (`execArgv`, `NODE_OPTIONS`).
 * It is written only after a `hook` run (the code a hook runs is in it, the
 * reply already written), only when it was missing or V8 rejected it
 * (`script.cachedDataRejected`: another V8, other flags), atomically (a
 * temp file renamed), never when the data root does not exist; a write
 * error is ignored. Writing prunes the chunk's caches of other builds or
 * runtimes and keeps at most {@link FLAG_VARIANTS} flag variants, so the
 * folder never grows without bound. Every failure falls back to compiling
 * the body without a cache, as before.
 *
 * @module
 */

import ts from "typescript";
import { createHash } from "node:crypto";

/** How many flag variants of one chunk's cache are kept for the current build and runtime. */
export const FLAG_VARIANTS = 4;

/** A chunk split into its loader module and its script body. */
export interface ScriptChunk {
  /** The ES module written where the chunk was: compiles, runs and re-exports the body. */
  loader: string;
  /** The script: one function expression wrapping the chunk's code. */
  body: string;
}

/**
 * Splits the linked chunk `chunk` into a loader and a script body read from
 * `bodyFile` (a path relative to the loader, in the same folder), cached
 * under the name `name` (one cache file per chunk); `opts.prelude`: lines the
 * loader runs first. Throws when the chunk has an export form other than
 * `export { a, b };`.
 */
export function cachedScriptChunk(
  chunk: string,
  bodyFile: string,
  name: string,
  opts: { prelude?: string[] } = {},
): ScriptChunk {
  const shebang = /^#![^\n]*\n/.exec(chunk)?.[0] ?? "";
  const code = chunk.slice(shebang.length);
  const sf = ts.createSourceFile("chunk.js", code, ts.ScriptTarget.ES2022, true);
  const imports: string[] = [];
  const params: string[] = [];
  const exported: string[] = [];
  // Spans of the text to replace: [start, end, with].
  const edits: Array<[number, number, string]> = [];
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s)) {
      imports.push(s.getText(sf));
      params.push(...importedNames(s));
      edits.push([s.getStart(sf), s.end, ""]);
    } else if (ts.isExportDeclaration(s)) {
      const clause = s.exportClause;
      if (s.moduleSpecifier || !clause || !ts.isNamedExports(clause)) {
        throw new Error(`npm code cache: unsupported export in the chunk: ${s.getText(sf)}`);
      }
      for (const e of clause.elements) {
        if (e.propertyName) throw new Error(`npm code cache: renamed export ${e.getText(sf)}`);
        exported.push(e.name.text);
      }
      edits.push([s.getStart(sf), s.end, ""]);
    } else if (
      ts.canHaveModifiers(s) &&
      ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      throw new Error(`npm code cache: unsupported export in the chunk: ${s.getText(sf)}`);
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      edits.push([node.getStart(sf), node.end, "__acmeta"]);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      edits.push([node.expression.getStart(sf), node.expression.end, "__acimport"]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  let text = code;
  for (const [start, end, by] of edits.sort((a, b) => b[0] - a[0])) {
    text = text.slice(0, start) + by + text.slice(end);
  }
  const body = [
    `(function (${["__acmeta", "__acimport", ...params].join(", ")}) {`,
    '"use strict";',
    text,
    `return { ${exported.join(", ")} };`,
    "})",
  ].join("\n") + "\n";
  const key = createHash("sha256").update(body).digest("hex").slice(0, 16);
  const loader = shebang + [
    ...imports,
    ...(opts.prelude ?? []),
    `const __acx = ${LOAD}(import.meta, ${JSON.stringify(bodyFile)}, ${JSON.stringify(name)}, ${
      JSON.stringify(key)
    }, [${params.join(", ")}]);`,
    // A promise only on Node before 20.16 (no getBuiltinModule): the builtins come by ES import.
    `const { ${exported.join(", ")} } = __acx instanceof Promise ? await __acx : __acx;`,
    `export { ${exported.join(", ")} };`,
    ...loaderFunction(),
  ].join("\n") + "\n";
  return { loader, body };
}

/** The loader's function name (the reserved `__ac` prefix of linked code). */
const LOAD = "__acscript";

function importedNames(s: ts.ImportDeclaration): string[] {
  const clause = s.importClause;
  if (!clause) return [];
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
  if (bindings && ts.isNamedImports(bindings)) {
    names.push(...bindings.elements.map((e) => e.name.text));
  }
  return names;
}

/**
 * The loader's code (plain JavaScript for Node ≥ 20; `node:fs` and `node:vm`
 * through `process.getBuiltinModule` where Node has it, 20.16+ and 22.3+,
 * since an ES import of `node:fs` also loads Node's stream modules).
 */
function loaderFunction(): string[] {
  return [
    `function ${LOAD}(meta, bodyFile, name, key, args) {`,
    "  const p = globalThis.process;",
    "  const get = (n) => p.getBuiltinModule(n);",
    "  if (typeof p.getBuiltinModule !== 'function') return __acslow(meta, bodyFile, args);",
    '  const fs = get("node:fs");',
    '  const vm = get("node:vm");',
    "  const url = new URL(bodyFile, meta.url);",
    '  const source = fs.readFileSync(url, "utf8");',
    "  const env = p.env;",
    "  const home = env.HOME || env.USERPROFILE;",
    '  const root = env.AGENT_CONNECTOR_DATA_DIR || (home ? home + "/.agent-connector" : "");',
    '  const flags = p.execArgv.join("\\n") + "\\n" + (env.NODE_OPTIONS || "");',
    "  let h = 0x811c9dc5;",
    "  for (let i = 0; i < flags.length; i++) h = Math.imul(h ^ flags.charCodeAt(i), 16777619);",
    '  const dir = root + "/cache/node";',
    '  const current = name + "-" + key + "-" + p.version + "-" + p.arch + "-";',
    '  const file = current + (h >>> 0).toString(16) + ".bin";',
    "  let cached;",
    "  if (root) {",
    "    try {",
    '      cached = fs.readFileSync(dir + "/" + file);',
    "    } catch {}",
    "  }",
    "  const script = new vm.Script(source, { filename: url.href, cachedData: cached });",
    '  if (root && p.argv[2] === "hook" && (cached === undefined || script.cachedDataRejected)) {',
    '    p.once("exit", () => __acsave(fs, script, root, dir, file, name, current));',
    "  }",
    "  return script.runInThisContext()(meta, __acimport, ...args);",
    "}",
    "function __acimport(s, o) {",
    "  return o === undefined ? import(s) : import(s, o);",
    "}",
    // Node before 20.16: no getBuiltinModule, no cache; an ES import of the builtins.
    "async function __acslow(meta, bodyFile, args) {",
    '  const [fs, vm] = await Promise.all([import("node:fs"), import("node:vm")]);',
    "  const url = new URL(bodyFile, meta.url);",
    '  const script = new vm.Script(fs.readFileSync(url, "utf8"), { filename: url.href });',
    "  return script.runInThisContext()(meta, __acimport, ...args);",
    "}",
    "function __acsave(fs, script, root, dir, file, name, current) {",
    '  const tmp = dir + "/" + file + "." + globalThis.process.pid + ".tmp";',
    "  try {",
    "    if (!fs.statSync(root).isDirectory()) return;",
    "    fs.mkdirSync(dir, { recursive: true });",
    "    fs.writeFileSync(tmp, script.createCachedData());",
    '    fs.renameSync(tmp, dir + "/" + file);',
    '    const mine = fs.readdirSync(dir).filter((f) => f.startsWith(name + "-") && f !== file);',
    `    const variants = mine.filter((f) => f.startsWith(current) && f.endsWith(".bin"));`,
    "    for (const f of mine) {",
    `      if (!f.startsWith(current) || variants.length >= ${FLAG_VARIANTS}) {`,
    // A temp file of this build may be another writer's, about to be renamed.
    '        if (!f.startsWith(current) || !f.endsWith(".tmp")) fs.rmSync(dir + "/" + f, { force: true });',
    "      }",
    "    }",
    "  } catch {",
    "    try {",
    "      fs.rmSync(tmp, { force: true });",
    "    } catch {}",
    "  }",
    "}",
  ];
}
