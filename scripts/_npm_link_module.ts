/**
 * Rewrites one emitted ES module into the body of a function run once, on
 * first use, for the npm chunk linker (scripts/_npm_chunks.ts).
 *
 * The function (`__acmN()`) returns the module's namespace: a frozen object
 * with a getter per export, made before the module's own code runs, so a
 * module in an import cycle sees its partner's live bindings as ES modules
 * do. Imports become calls of the imported module's function, in source
 * order, before the body (ES module evaluation order). A binding imported
 * from outside the importer's cycle and declared `const`/function/class
 * (fixed once its module ran) is copied into a local; any other (`let`/`var`
 * exports, modules of the same cycle) is read through the namespace at each
 * use. `import.meta.url` stays the module's own URL in the package, and a
 * dynamic `import()` of one of ours loads the chunk holding it.
 *
 * @module
 */

import { posix } from "node:path";
import ts from "typescript";
import {
  exportNames,
  findExport,
  importReferences,
  isRelative,
  type ModuleFacts,
  resolveRel,
} from "./_npm_graph.ts";

/** What linking one module needs from the chunk being written. */
export interface LinkContext {
  /** Facts of every module. */
  facts: Map<string, ModuleFacts>;
  /** Cycle component of each module. */
  cycle: Map<string, number>;
  /** True when a module is part of an import cycle. */
  cyclic: (path: string) => boolean;
  /** The function name of a linked module (`__acm3`), undefined when not linked. */
  fn: (path: string) => string | undefined;
  /** The chunk file (package path) a linked module lives in. */
  chunkOf: (path: string) => string;
  /** The chunk file being written. */
  writing: string;
  /** The chunk-level namespace variable of an external specifier. */
  external: (spec: string) => string;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** `to` (a package path) as a specifier relative to the file `from`. */
export function relativeSpec(from: string, to: string): string {
  const rel = posix.relative(posix.dirname(from), to);
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** One module, linked. */
export interface LinkedModule {
  /** Statements before the body: its imports, as calls of their modules' functions. */
  prologue: string[];
  /** The body, import and export declarations removed. */
  body: string;
  /** Each export name and the expression reading it. */
  exported: Array<[string, string]>;
  /**
   * True when the namespace must read its bindings at each use (a `let`
   * export, a module in an import cycle): getters, made before the body.
   * Otherwise every export is fixed once the body ran.
   */
  live: boolean;
}

/** The linked text of one module: prologue, body; `top` keeps it at the top level (the entry). */
export function linkModule(
  path: string,
  ctx: LinkContext,
  top: boolean,
): LinkedModule {
  const f = ctx.facts.get(path)!;
  const sf = f.sf;
  const js = sf.text;
  const edits: Edit[] = [];
  const prologue: string[] = [];
  const live = new Map<string, string>();
  const sameCycle = (dep: string) => ctx.cycle.get(dep) === ctx.cycle.get(path);
  const mutableExport = (dep: string, name: string): boolean => {
    const hit = findExport(ctx.facts, dep, name);
    if (!hit) throw new Error(`npm link: ${path} imports "${name}" that ${dep} does not export`);
    const [where, src] = hit;
    if (src.kind === "local") return ctx.facts.get(where)!.mutable.has(src.local);
    if (src.kind === "dep") return src.name !== "*" && mutableExport(src.dep, src.name);
    return false;
  };
  let d = 0;
  for (const rec of f.imports) {
    if (rec.external) {
      const ns = ctx.external(rec.external);
      for (const b of rec.bindings) {
        prologue.push(`const ${b.local} = ${b.imported === "*" ? ns : `${ns}[${q(b.imported)}]`};`);
      }
      continue;
    }
    const dep = rec.dep!;
    const fn = ctx.fn(dep);
    if (!fn) throw new Error(`npm link: ${path} imports ${dep}, which cannot be linked`);
    if (sameCycle(dep)) {
      prologue.push(`${fn}();`);
      for (const b of rec.bindings) {
        live.set(b.local, b.imported === "*" ? `${fn}()` : `${fn}()[${q(b.imported)}]`);
      }
      continue;
    }
    const v = `__acd${d++}`;
    prologue.push(`const ${v} = ${fn}();`);
    for (const b of rec.bindings) {
      if (b.imported === "*") prologue.push(`const ${b.local} = ${v};`);
      else if (mutableExport(dep, b.imported)) live.set(b.local, `${v}[${q(b.imported)}]`);
      else prologue.push(`const ${b.local} = ${v}[${q(b.imported)}];`);
    }
  }
  // Each export's getter.
  const exported: Array<[string, string]> = [];
  let mutable = false;
  const read = (local: string) => live.get(local) ?? local;
  if (!top) {
    for (const name of [...exportNames(ctx.facts, path)].sort()) {
      const [where, src] = findExport(ctx.facts, path, name)!;
      let expr: string;
      if (src.kind === "local") {
        expr = where === path ? read(src.local) : `${ctx.fn(where)}()[${q(name)}]`;
      } else if (src.kind === "dep") {
        const fn = ctx.fn(src.dep);
        if (!fn) {
          throw new Error(`npm link: ${where} re-exports ${src.dep}, which cannot be linked`);
        }
        expr = src.name === "*" ? `${fn}()` : `${fn}()[${q(src.name)}]`;
      } else {
        const ns = ctx.external(src.external);
        expr = src.name === "*" ? ns : `${ns}[${q(src.name)}]`;
      }
      mutable ||= src.kind === "local"
        ? ctx.facts.get(where)!.mutable.has(src.local) || live.has(src.local)
        : src.kind === "dep" && (src.name === "*" || mutableExport(src.dep, src.name));
      exported.push([name, expr]);
    }
  }
  // Declarations.
  for (const st of sf.statements) {
    const start = st.getStart(sf);
    if (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) {
      edits.push({ start, end: st.end, text: "" });
    } else if (ts.isExportAssignment(st)) {
      edits.push({ start, end: st.expression.getStart(sf), text: "const __default = " });
    } else if (ts.canHaveModifiers(st)) {
      const mods = ts.getModifiers(st) ?? [];
      const exp = mods.find((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exp) continue;
      const dflt = mods.find((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (dflt && (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && !st.name) {
        throw new Error(`npm link: ${path}: name the default-exported function or class`);
      }
      edits.push({ start: exp.getStart(sf), end: (dflt ?? exp).end, text: "" });
    }
  }
  // Identifiers, import.meta.url, import().
  const refs = importReferences(sf);
  let usesUrl = false;
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
    if (ts.isIdentifier(n) && refs.has(n)) {
      const expr = live.get(refs.get(n)!);
      if (expr) {
        const text = ts.isShorthandPropertyAssignment(n.parent) ? `${n.text}: ${expr}` : expr;
        edits.push({ start: n.getStart(sf), end: n.end, text });
      }
      return;
    }
    if (ts.isMetaProperty(n) && n.keywordToken === ts.SyntaxKind.ImportKeyword) {
      if (!ts.isPropertyAccessExpression(n.parent) || n.parent.name.text !== "url") {
        throw new Error(`npm link: ${path}: only import.meta.url is supported`);
      }
      usesUrl = true;
      edits.push({ start: n.parent.getStart(sf), end: n.parent.end, text: "__acurl" });
      return;
    }
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [spec, ...rest] = n.arguments;
      if (spec && (ts.isStringLiteral(spec) || ts.isNoSubstitutionTemplateLiteral(spec))) {
        if (!isRelative(spec.text)) return; // a package: resolves from any file of ours
        const target = resolveRel(path, spec.text);
        const fn = ctx.fn(target);
        if (fn && rest.length === 0) {
          // A module of the chunk being written is a function in this very
          // file: calling it skips the loader's round trip (resolving and
          // looking up this file's own URL, on every hook call).
          const chunk = relativeSpec(ctx.writing, ctx.chunkOf(target));
          const text = ctx.chunkOf(target) === ctx.writing
            ? `Promise.resolve().then(() => ${fn}())`
            : `import(${q(chunk)}).then((c) => c.${fn}())`;
          edits.push({ start: n.getStart(sf), end: n.end, text });
          return;
        }
        // Not linked (JSON, a worker): the same file, named from the chunk.
        const file = posix.join(posix.dirname(path), spec.text);
        const specText = relativeSpec(ctx.writing, file);
        edits.push({ start: spec.getStart(sf), end: spec.end, text: q(specText) });
        return;
      }
      usesUrl = true;
      edits.push({
        start: n.expression.getStart(sf),
        end: spec ? spec.getStart(sf) : n.arguments.end,
        text: "__acload(__acurl, ",
      });
      ts.forEachChild(n, visit);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (usesUrl && !top) prologue.unshift(`const __acurl = __acroot + ${q(path)};`);
  if (usesUrl && top) prologue.unshift(`const __acurl = import.meta.url;`);
  let body = js;
  for (const e of edits.sort((a, b) => b.start - a.start)) {
    body = body.slice(0, e.start) + e.text + body.slice(e.end);
  }
  return { prologue, body, exported, live: mutable || ctx.cyclic(path) };
}

/** A JavaScript string literal. */
export function q(s: string): string {
  return JSON.stringify(s);
}
