/**
 * What the npm chunk linker (scripts/_npm_chunks.ts) knows of each emitted
 * ES module: its imports (ours, resolved to package paths, or external), its
 * exports, the modules it names lazily, and whether it awaits at the top
 * level. One TypeScript program over all the modules resolves which
 * identifiers refer to an import, so the linker can rewrite them.
 *
 * @module
 */

import { dirname, join, posix } from "node:path";
import ts from "typescript";

/** One emitted module: its path in the package (`cli/main.js`) and its JavaScript. */
export type EmittedModules = Map<string, string>;

/** One binding an import declaration makes: `local` names `imported` (`*`, `default` or a name). */
export interface ImportBinding {
  /** The local name. */
  local: string;
  /** The exported name it reads, `*` for the namespace. */
  imported: string;
}

/** One import or export-from declaration, in source order. */
export interface ImportRecord {
  /** The declaration. */
  node: ts.ImportDeclaration | ts.ExportDeclaration;
  /** The package path of one of ours, or undefined for an external. */
  dep?: string;
  /** The specifier of an external (`node:fs`, `yaml`). */
  external?: string;
  /** What an import declaration binds (empty for export-from). */
  bindings: ImportBinding[];
}

/** Where one export name reads its value. */
export type ExportSource =
  | { kind: "local"; local: string }
  | { kind: "dep"; dep: string; name: string }
  | { kind: "external"; external: string; name: string };

/** What the linker needs to know of one module. */
export interface ModuleFacts {
  /** Package path. */
  path: string;
  /** The parsed module. */
  sf: ts.SourceFile;
  /** Imports and export-froms, in source order. */
  imports: ImportRecord[];
  /** Each explicit export name and where it reads. */
  exports: Map<string, ExportSource>;
  /** `export * from` of our modules, in order. */
  stars: string[];
  /** Local names declared with `let` or `var` (their exports stay live). */
  mutable: Set<string>;
  /** Our modules this one names lazily (`import("./x.js")`, `"./x.ts"` strings). */
  lazy: string[];
  /** True when it awaits at the top level. */
  topLevelAwait: boolean;
}

/** Whether `spec` is a relative specifier. */
export function isRelative(spec: string): boolean {
  return spec.startsWith("./") || spec.startsWith("../");
}

/** The package path a relative specifier names from `from`, `.ts` read as `.js`. */
export function resolveRel(from: string, spec: string): string {
  return join(dirname(from), spec).replaceAll("\\", "/").replace(/\.ts$/, ".js");
}

function exportKeyword(st: ts.Statement): { exported: boolean; isDefault: boolean } {
  const mods = ts.canHaveModifiers(st) ? ts.getModifiers(st) ?? [] : [];
  return {
    exported: mods.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
    isDefault: mods.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword),
  };
}

/** Does `node`'s subtree await outside any function? */
function awaitsAtTop(node: ts.Node): boolean {
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
  if (ts.isAwaitExpression(node)) return true;
  if (ts.isForOfStatement(node) && node.awaitModifier) return true;
  return ts.forEachChild(node, awaitsAtTop) ?? false;
}

/**
 * The modules a string names: a relative `"./x.ts"`/`"./x.js"` literal, or a
 * template such as `` `./cmd_${name}.ts` `` (every module its parts match).
 */
function namedModules(path: string, node: ts.Node, all: Set<string>): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (!isRelative(node.text) || !/\.[jt]s$/.test(node.text)) return [];
    const target = resolveRel(path, node.text);
    return all.has(target) ? [target] : [];
  }
  if (ts.isTemplateExpression(node) && isRelative(node.head.text)) {
    const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
    const last = parts[parts.length - 1];
    if (last !== "" && !/\.[jt]s$/.test(last)) return [];
    const base = posix.join(posix.dirname(path), parts[0]);
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const tail = parts.slice(1).map((p) => esc(p.replace(/\.ts$/, ".js")));
    const re = new RegExp(`^${esc(base)}[^/]*${tail.join("[^/]*")}${last === "" ? "\\.js" : ""}$`);
    return [...all].filter((p) => re.test(p));
  }
  return [];
}

/** Reads the facts of every module in `modules`. */
export function moduleFacts(modules: EmittedModules): Map<string, ModuleFacts> {
  const all = new Set(modules.keys());
  const out = new Map<string, ModuleFacts>();
  for (const [path, js] of modules) {
    const sf = ts.createSourceFile(path, js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
    const facts: ModuleFacts = {
      path,
      sf,
      imports: [],
      exports: new Map(),
      stars: [],
      mutable: new Set(),
      lazy: [],
      topLevelAwait: false,
    };
    const target = (spec: string) =>
      isRelative(spec) ? { dep: resolveRel(path, spec) } : { external: spec };
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st)) {
        const spec = (st.moduleSpecifier as ts.StringLiteral).text;
        const bindings: ImportBinding[] = [];
        const clause = st.importClause;
        if (clause && !clause.isTypeOnly) {
          if (clause.name) bindings.push({ local: clause.name.text, imported: "default" });
          const b = clause.namedBindings;
          if (b && ts.isNamespaceImport(b)) bindings.push({ local: b.name.text, imported: "*" });
          if (b && ts.isNamedImports(b)) {
            for (const e of b.elements) {
              if (e.isTypeOnly) continue;
              bindings.push({ local: e.name.text, imported: (e.propertyName ?? e.name).text });
            }
          }
        }
        if (clause?.isTypeOnly) continue;
        facts.imports.push({ node: st, bindings, ...target(spec) });
      } else if (ts.isExportDeclaration(st)) {
        if (st.isTypeOnly) continue;
        const spec = st.moduleSpecifier ? (st.moduleSpecifier as ts.StringLiteral).text : "";
        const from = spec ? target(spec) : undefined;
        if (from) facts.imports.push({ node: st, bindings: [], ...from });
        const clause = st.exportClause;
        if (!clause) {
          if (from?.external) throw new Error(`npm link: ${path}: export * from "${spec}"`);
          facts.stars.push(from!.dep!);
        } else if (ts.isNamespaceExport(clause)) {
          facts.exports.set(
            clause.name.text,
            from!.dep
              ? { kind: "dep", dep: from!.dep, name: "*" }
              : { kind: "external", external: from!.external!, name: "*" },
          );
        } else {
          for (const e of clause.elements) {
            if (e.isTypeOnly) continue;
            const name = (e.propertyName ?? e.name).text;
            facts.exports.set(
              e.name.text,
              !from
                ? { kind: "local", local: name }
                : from.dep
                ? { kind: "dep", dep: from.dep, name }
                : { kind: "external", external: from.external!, name },
            );
          }
        }
      } else if (ts.isExportAssignment(st)) {
        facts.exports.set("default", { kind: "local", local: "__default" });
      } else {
        const { exported, isDefault } = exportKeyword(st);
        if (ts.isVariableStatement(st)) {
          const mutable = !(st.declarationList.flags & ts.NodeFlags.Const);
          for (const d of st.declarationList.declarations) {
            if (!ts.isIdentifier(d.name)) {
              if (exported) throw new Error(`npm link: ${path}: destructured export`);
              continue;
            }
            if (mutable) facts.mutable.add(d.name.text);
            if (exported) facts.exports.set(d.name.text, { kind: "local", local: d.name.text });
          }
        } else if (exported && (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st))) {
          const local = st.name?.text ?? "__default";
          facts.exports.set(isDefault ? "default" : local, { kind: "local", local });
        } else if (exported && ts.isEnumDeclaration(st)) {
          facts.exports.set(st.name.text, { kind: "local", local: st.name.text });
        }
      }
      if (awaitsAtTop(st)) facts.topLevelAwait = true;
    }
    const lazy = new Set<string>();
    const visit = (n: ts.Node) => {
      if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
      for (const p of namedModules(path, n, all)) if (p !== path) lazy.add(p);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    facts.lazy = [...lazy];
    out.set(path, facts);
  }
  return out;
}

/** The names `path` exports, `export *` followed (never `default` through a star). */
export function exportNames(facts: Map<string, ModuleFacts>, path: string): Set<string> {
  const seen = new Set<string>();
  const names = new Set<string>();
  const walk = (p: string, viaStar: boolean) => {
    if (seen.has(p)) return;
    seen.add(p);
    const f = facts.get(p);
    if (!f) return;
    for (const n of f.exports.keys()) if (!(viaStar && n === "default")) names.add(n);
    for (const s of f.stars) walk(s, true);
  };
  walk(path, false);
  return names;
}

/**
 * Where `name` exported by `path` finally reads, through stars:
 * `[module, ExportSource]`, or undefined when nothing exports it.
 */
export function findExport(
  facts: Map<string, ModuleFacts>,
  path: string,
  name: string,
  seen: Set<string> = new Set(),
): [string, ExportSource] | undefined {
  if (seen.has(path)) return undefined;
  seen.add(path);
  const f = facts.get(path);
  if (!f) return undefined;
  const own = f.exports.get(name);
  if (own) return [path, own];
  if (name === "default") return undefined;
  for (const s of f.stars) {
    const hit = findExport(facts, s, name, seen);
    if (hit) return hit;
  }
  return undefined;
}

/** The strongly connected components of the static graph: module → component id. */
export function cycles(facts: Map<string, ModuleFacts>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const comp = new Map<string, number>();
  let next = 0;
  let compId = 0;
  const strong = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const r of facts.get(v)!.imports) {
      const w = r.dep;
      if (!w || !facts.has(w)) continue;
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.set(w, compId);
      } while (w !== v);
      compId++;
    }
  };
  for (const p of facts.keys()) if (!index.has(p)) strong(p);
  return comp;
}

/**
 * The identifiers of `sf` that read an import binding, mapped to the
 * binding's local name. One binder-only program over the file finds them, so
 * a parameter or local that shadows an import is left alone.
 */
export function importReferences(sf: ts.SourceFile): Map<ts.Identifier, string> {
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === sf.fileName ? sf : undefined),
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: () => {},
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (f) => f === sf.fileName,
    readFile: () => undefined,
  };
  const program = ts.createProgram({
    rootNames: [sf.fileName],
    options: { allowJs: true, noLib: true, noResolve: true, types: [] },
    host,
  });
  const checker = program.getTypeChecker();
  const out = new Map<ts.Identifier, string>();
  const isImportDecl = (d: ts.Declaration) =>
    ts.isImportSpecifier(d) || ts.isImportClause(d) || ts.isNamespaceImport(d);
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n)) return;
    if (ts.isIdentifier(n) && !ts.isExportSpecifier(n.parent)) {
      const sym = ts.isShorthandPropertyAssignment(n.parent)
        ? checker.getShorthandAssignmentValueSymbol(n.parent)
        : checker.getSymbolAtLocation(n);
      const decl = sym?.declarations?.[0];
      if (sym && decl && decl.getSourceFile() === sf && isImportDecl(decl)) {
        out.set(n, sym.name);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
