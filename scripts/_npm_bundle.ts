/**
 * The npm build's one pre-linked module for what hosts run on every event
 * (`hook`, `statusline`, `usage-event`): Node compiles and links each ES
 * module file on its own, which for the ~20 small modules a hook call loads
 * costs more than the hook's own work (DESIGN §5). This joins the emitted
 * JavaScript of an entry and the hot modules into the one file the entry is
 * emitted as, with no dependency: our hot modules import only each other.
 *
 * Shape of the output: each joined module becomes a function run once, on
 * first use (`__acN()` returns its namespace object), so a module runs when
 * the original would have — a static import runs it before its importer, a
 * dynamic `import()` or `importLazily` of a joined module resolves to it
 * without touching the disk. `import.meta.url` in a joined module is its own
 * file's URL in the package, so lazy loads of modules left out resolve as
 * before. The entry's own body stays at the top level (top-level await).
 * A module joins only when all it imports statically is relative and can
 * join too; the rest load from their own files, unchanged.
 *
 * @module
 */

import { dirname, join, relative } from "node:path";
import ts from "typescript";

/** One emitted module: its path in the package (`cli/main.js`) and its JavaScript. */
export type EmittedModules = Map<string, string>;

/** A module after its imports and exports were rewritten into a joined function. */
interface Linked {
  body: string;
  deps: string[];
}

/** The package path (`core/x.js`) a relative specifier names from `from`. */
function resolveRel(from: string, spec: string): string {
  return join(dirname(from), spec).replaceAll("\\", "/");
}

function isRelative(spec: string): boolean {
  return spec.startsWith("./") || spec.startsWith("../");
}

/** The relative static imports of `js`, or undefined when one is not relative. */
function staticImports(path: string, js: string): string[] | undefined {
  const sf = ts.createSourceFile(path, js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (
      (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier &&
      ts.isStringLiteral(st.moduleSpecifier)
    ) {
      if (!isRelative(st.moduleSpecifier.text)) return undefined;
      out.push(resolveRel(path, st.moduleSpecifier.text));
    }
  }
  return out;
}

/**
 * The modules that can join, starting from `roots`: a root's static imports
 * join with it; a root whose static graph reaches a bare or `node:` import,
 * or a missing file, is left out (it loads from its own file).
 */
export function joinable(modules: EmittedModules, roots: string[]): string[] {
  const ok = new Map<string, boolean>();
  const visiting = new Set<string>();
  const check = (p: string): boolean => {
    if (ok.has(p)) return ok.get(p)!;
    if (visiting.has(p)) throw new Error(`npm bundle: import cycle through ${p}`);
    const js = modules.get(p);
    const deps = js === undefined ? undefined : staticImports(p, js);
    visiting.add(p);
    const good = deps !== undefined && deps.every(check);
    visiting.delete(p);
    ok.set(p, good);
    return good;
  };
  const result = new Set<string>();
  const add = (p: string) => {
    if (result.has(p)) return;
    result.add(p);
    for (const d of staticImports(p, modules.get(p)!)!) add(d);
  };
  for (const r of roots) if (check(r)) add(r);
  return [...result];
}

/** Rewrites one module's import/export declarations; `ns(p)` names a joined module. */
function link(path: string, js: string, ns: (p: string) => string): Linked {
  const sf = ts.createSourceFile(path, js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const exported: string[] = [];
  const deps: string[] = [];
  const names = (els: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    els.filter((e) => !e.isTypeOnly);
  for (const st of sf.statements) {
    const start = st.getStart(sf);
    if (ts.isImportDeclaration(st)) {
      const dep = resolveRel(path, (st.moduleSpecifier as ts.StringLiteral).text);
      deps.push(dep);
      const clause = st.importClause;
      const parts: string[] = [];
      if (clause && !clause.isTypeOnly) {
        if (clause.name) parts.push(`const ${clause.name.text} = ${ns(dep)}().default;`);
        const b = clause.namedBindings;
        if (b && ts.isNamespaceImport(b)) parts.push(`const ${b.name.text} = ${ns(dep)}();`);
        if (b && ts.isNamedImports(b) && names(b.elements).length > 0) {
          const list = names(b.elements).map((e) =>
            e.propertyName ? `${e.propertyName.text}: ${e.name.text}` : e.name.text
          );
          parts.push(`const { ${list.join(", ")} } = ${ns(dep)}();`);
        }
      }
      edits.push({ start, end: st.end, text: parts.join(" ") || `${ns(dep)}();` });
    } else if (ts.isExportDeclaration(st)) {
      if (st.isTypeOnly) {
        edits.push({ start, end: st.end, text: "" });
        continue;
      }
      const from = st.moduleSpecifier
        ? resolveRel(path, (st.moduleSpecifier as ts.StringLiteral).text)
        : undefined;
      if (from) deps.push(from);
      const clause = st.exportClause;
      if (!clause) {
        exported.push(`...${ns(from!)}()`);
      } else if (ts.isNamespaceExport(clause)) {
        exported.push(`${clause.name.text}: ${ns(from!)}()`);
      } else {
        for (const e of names(clause.elements)) {
          const local = (e.propertyName ?? e.name).text;
          exported.push(`${e.name.text}: ${from ? `${ns(from)}().${local}` : local}`);
        }
      }
      edits.push({ start, end: st.end, text: from ? `${ns(from)}();` : "" });
    } else if (ts.isExportAssignment(st)) {
      edits.push({ start, end: st.expression.getStart(sf), text: "const __default = " });
      exported.push("default: __default");
    } else {
      const mods = ts.canHaveModifiers(st) ? ts.getModifiers(st) ?? [] : [];
      const exp = mods.find((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exp) continue;
      const isDefault = mods.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) throw new Error(`npm bundle: ${path}: export default declarations`);
      edits.push({ start: exp.getStart(sf), end: exp.end, text: "" });
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!ts.isIdentifier(d.name)) throw new Error(`npm bundle: ${path}: destructured export`);
          exported.push(d.name.text);
        }
      } else if (
        (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) &&
        st.name
      ) {
        exported.push(st.name.text);
      }
    }
  }
  // import.meta.url → this module's own URL; dynamic import() → the bundle's loader.
  const visit = (n: ts.Node) => {
    if (
      ts.isPropertyAccessExpression(n) && ts.isMetaProperty(n.expression) &&
      n.expression.keywordToken === ts.SyntaxKind.ImportKeyword && n.name.text === "url"
    ) {
      edits.push({ start: n.getStart(sf), end: n.end, text: "__url" });
      return;
    }
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      // A literal import() of a joined module: its function, found now
      // instead of by resolving a URL at run time.
      const [arg] = n.arguments;
      const target = arg && ts.isStringLiteral(arg) && isRelative(arg.text)
        ? ns(resolveRel(path, arg.text))
        : undefined;
      if (target) {
        edits.push({
          start: n.getStart(sf),
          end: n.end,
          text: `Promise.resolve().then(${target})`,
        });
        return;
      }
      edits.push({ start: n.expression.getStart(sf), end: n.expression.end, text: "__import" });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  let body = js;
  for (const e of edits.sort((a, b) => b.start - a.start)) {
    body = body.slice(0, e.start) + e.text + body.slice(e.end);
  }
  return { body: `${body}\nreturn { ${exported.join(", ")} };`, deps };
}

/**
 * Joins `entry` (kept at the top level) with the joinable modules reachable
 * from it and from `hot` (loaded lazily by the entry); returns the file's
 * text and the joined paths. The output is meant to be written at
 * `writtenAs` (default: `entry`, replacing it), in `entry`'s folder; each
 * module, the entry included, keeps its own path's URL as `import.meta.url`.
 */
export function bundleEntry(
  modules: EmittedModules,
  entry: string,
  hot: string[],
  writtenAs: string = entry,
): { text: string; joined: string[] } {
  const joined = joinable(modules, [entry, ...hot]).filter((p) => p !== entry);
  const entryDeps = staticImports(entry, modules.get(entry)!);
  if (!entryDeps || !entryDeps.every((d) => joined.includes(d))) {
    throw new Error(`npm bundle: ${entry} imports something that cannot join`);
  }
  const id = new Map(joined.map((p, i) => [p, `__ac${i}`]));
  const ns = (p: string) => id.get(p)!;
  // Each module's URL is the package root's plus its path: one URL parse at
  // start-up instead of two per joined module.
  const up = dirname(writtenAs) === "." ? "./" : "../".repeat(dirname(writtenAs).split("/").length);
  const urlOf = (p: string) =>
    /^[\w./-]+$/.test(p) && !p.split("/").includes("..")
      ? `__root + ${JSON.stringify(p)}`
      : `new URL(${
        JSON.stringify(relative(dirname(writtenAs), p).replaceAll("\\", "/"))
      }, ${"import.meta.url"}).href`;
  const out: string[] = [
    `// Pre-linked by scripts/_npm_bundle.ts: ${entry} with ${joined.length} modules.`,
    "const __joined = new Map();",
    // The package root without a URL parse (a cold Deno start's first is
    // dear: core/lazy_import.ts) when the entry's URL is plain — no query,
    // fragment, escape, drive letter or segment starting with a dot — so
    // dropping its last path segments is what URL resolution does.
    "function __rootOf(u, steps) {",
    '  if (!u.startsWith("file:///") || /* no regular expression: each costs a cold start */',
    '    u.includes("?") || u.includes("#") || u.includes("%") || u.includes("/.") ||',
    '    u.indexOf(":", 5) !== -1) return undefined;',
    '  let at = u.lastIndexOf("/");',
    '  for (let i = 0; i < steps; i++) at = u.lastIndexOf("/", at - 1);',
    '  return at >= "file:///".length - 1 ? u.slice(0, at + 1) : undefined;',
    "}",
    // A copy run outside its package (install/local_entry.ts: a JSR install's
    // hook entry in the data root) is started as `<file URL>#<package root URL>`:
    // its lazy imports then load the package's other modules from there.
    "function __baseOf(u, up) {",
    '  const at = u.indexOf("#");',
    '  const base = at === -1 ? "" : u.slice(at + 1);',
    '  return u.startsWith("file:") && base.endsWith("/") &&',
    '      (base.startsWith("https://") || base.startsWith("http://"))',
    "    ? base",
    "    : new URL(up, u).href;",
    "}",
    `const __root = __rootOf(import.meta.url, ${up.split("/").length - 1}) ??`,
    `  __baseOf(import.meta.url, ${JSON.stringify(up)});`,
    "function __load(url) {",
    "  const mod = __joined.get(url);",
    "  return mod ? Promise.resolve().then(mod) : import(url);",
    "}",
    "function __importFrom(base) {",
    '  return (spec) => typeof spec === "string" && (spec.startsWith("./") || spec.startsWith("../"))',
    "    ? __load(new URL(spec, base).href)",
    // An absolute URL (a joined module's, computed at run time: `file:` from a
    // checkout or npm, `https:` from a registry) finds its function too.
    '    : typeof spec === "string" ? __load(spec) : import(spec);',
    "}",
  ];
  for (const p of joined) {
    const { body } = link(p, modules.get(p)!, ns);
    out.push(
      `// ${p}`,
      `let ${ns(p)}_ns;`,
      `function ${ns(p)}() {`,
      `  return ${ns(p)}_ns ??= (() => {`,
      `const __url = ${urlOf(p)};`,
      `const __import = __importFrom(__url);`,
      body,
      `  })();`,
      `}`,
      `__joined.set(${urlOf(p)}, ${ns(p)});`,
    );
  }
  const source = modules.get(entry)!;
  const shebang = /^#![^\n]*\n/.exec(source)?.[0] ?? "";
  const main = link(entry, " ".repeat(shebang.length) + source.slice(shebang.length), ns).body
    .replace(/\nreturn \{[^}]*\};$/, "");
  out.push(
    `// ${entry}`,
    `{`,
    `const __url = ${writtenAs === entry ? "import.meta.url" : urlOf(entry)};`,
    `const __import = __importFrom(__url);`,
    main,
    `}`,
  );
  return { text: `${shebang}${out.join("\n")}\n`, joined };
}
