/**
 * Pieces of the npm chunk linker (scripts/_npm_chunks.ts): which modules can
 * be linked, reachability and the dominators of the lazy-load graph, and the
 * small run-time helpers written into the executable's entry file.
 *
 * @module
 */

import type { ModuleFacts } from "./_npm_graph.ts";
import { q } from "./_npm_link_module.ts";

/**
 * The helpers every chunk uses, defined once in the entry's file. `lazy`
 * lists the modules named lazily (`path chunk function`, comma-separated);
 * any other module of ours loaded by a URL computed at run time is looked
 * up in the full list, loaded from its own small file then.
 */
export function runtimeHelpers(entry: string, lazy: string, index: string): string[] {
  return [
    "const __acroot = new URL(" + q("../".repeat(entry.split("/").length - 1) || "./") +
    ", import.meta.url).href;",
    "function __acns(o) {",
    "  const ns = Object.defineProperties(Object.create(null), Object.getOwnPropertyDescriptors(o));",
    '  Object.defineProperty(ns, Symbol.toStringTag, { value: "Module" });',
    "  return Object.freeze(ns);",
    "}",
    "function __acfix(o) {",
    '  Object.defineProperty(o, Symbol.toStringTag, { value: "Module" });',
    "  return Object.freeze(o);",
    "}",
    "function __acmap(list) {",
    '  return new Map(list.split(",").map((e) => {',
    '    const [p, c, f] = e.split(" ");',
    "    return [p, [c, f]];",
    "  }));",
    "}",
    "function __acrun(hit) {",
    "  return import(__acroot + hit[0]).then((c) => c[hit[1]]());",
    "}",
    "let __acindex;",
    "function __acload(base, spec, opts) {",
    "  const s = String(spec);",
    '  if (s.startsWith("./") || s.startsWith("../") || s.startsWith("file:")) {',
    "    const url = new URL(s, base).href;",
    '    if (url.startsWith(__acroot) && url.endsWith(".js")) {',
    "      const key = url.slice(__acroot.length);",
    `      const hit = (__acindex ??= __acmap(${q(lazy)})).get(key);`,
    "      if (hit) return __acrun(hit);",
    `      return import(__acroot + ${q(index)}).then((m) => {`,
    "        const found = __acmap(m.index).get(key);",
    "        return found ? __acrun(found) : import(url);",
    "      });",
    "    }",
    "    return opts === undefined ? import(url) : import(url, opts);",
    "  }",
    "  return opts === undefined ? import(s) : import(s, opts);",
    "}",
  ];
}

/**
 * Each entry's dominators in the graph of lazy loads from `root`: the
 * entries always loaded before it (itself included).
 */
export function dominators(
  root: string,
  entries: string[],
  next: (e: string) => string[],
): Map<string, Set<string>> {
  const preds = new Map(entries.map((e) => [e, new Set<string>()]));
  for (const e of entries) for (const n of next(e)) if (n !== e) preds.get(n)!.add(e);
  const all = new Set(entries);
  const dom = new Map(entries.map((e) => [e, e === root ? new Set([root]) : new Set(all)]));
  for (let changed = true; changed;) {
    changed = false;
    for (const e of entries) {
      if (e === root) continue;
      let meet: Set<string> | undefined;
      for (const p of preds.get(e)!) {
        meet = meet ? new Set([...meet].filter((d) => dom.get(p)!.has(d))) : new Set(dom.get(p)!);
      }
      const next = new Set([...(meet ?? []), e]);
      if (next.size !== dom.get(e)!.size) {
        dom.set(e, next);
        changed = true;
      }
    }
  }
  return dom;
}

/** Module paths reachable from `roots` through `next`. */
export function reach(roots: string[], next: (p: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const p = stack.pop()!;
    if (seen.has(p)) continue;
    seen.add(p);
    stack.push(...next(p));
  }
  return seen;
}

/** Which modules can be linked: no top-level await in them or below them. */
export function linkable(facts: Map<string, ModuleFacts>, entry: string): Set<string> {
  const ok = new Map<string, boolean>();
  const check = (p: string): boolean => {
    if (ok.has(p)) return ok.get(p)!;
    const f = facts.get(p);
    ok.set(p, true); // a cycle is fine; a bad member fails it below
    const good = f !== undefined && (p === entry || !f.topLevelAwait) &&
      f.imports.every((r) => !r.dep || check(r.dep));
    ok.set(p, good);
    return good;
  };
  for (const p of facts.keys()) check(p);
  return new Set([...ok].filter(([, good]) => good).map(([p]) => p));
}
