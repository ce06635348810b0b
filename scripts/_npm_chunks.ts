/**
 * The npm executable, pre-linked with code splitting. Node compiles and
 * links every ES module file on its own (~0.6 ms each) and parses every byte
 * of a file it loads, so neither one file per module (~200 for an install)
 * nor one bundle of everything (a hook call parsing the whole CLI) is cheap.
 *
 * `linkChunks` starts from the executable's entry and every module the code
 * names lazily (a dynamic `import()`, a `"./x.ts"` string given to
 * `importLazily`, a `` `./cmd_${name}.ts` `` template); those are the chunk
 * entries. Each module goes into the one chunk of the entries that reach it
 * through static imports, so a chunk loads exactly when one of its modules
 * is needed and **each module lives in exactly one chunk** (one instance of
 * its state, its classes, its caches). Chunks import each other statically
 * where the sources did, and dynamic imports load the chunk holding their
 * target; a specifier only known at run time goes through `__acload`, which
 * maps any linked module's URL to its chunk. Modules run in the order ES
 * modules would (scripts/_npm_link_module.ts), with their own URL as
 * `import.meta.url`, so files they name (prices.json, a worker) resolve as
 * before. External packages stay static imports at the top of the chunk
 * whose module imports them. A module that awaits at the top level (a
 * worker's entry) is not linked and loads from its own file.
 *
 * Output: the entry's chunk is written at the entry's path (`cli/main.js`);
 * the others under `_bin/`.
 *
 * @module
 */

import ts from "typescript";
import { cycles, type EmittedModules, type ModuleFacts, moduleFacts } from "./_npm_graph.ts";
import { type LinkContext, linkModule, q, relativeSpec } from "./_npm_link_module.ts";

/** The linked executable: files to write (package path → text) and how modules were grouped. */
export interface LinkedChunks {
  /** Package path → JavaScript. */
  files: Map<string, string>;
  /** Chunk file → the modules it holds. */
  chunks: Map<string, string[]>;
}

/** Folder of the chunks other than the entry's. */
export const CHUNK_DIR = "_bin";

/** Where every linked module is listed, for a lazy load the build could not foresee. */
const INDEX = `${CHUNK_DIR}/index.js`;

/**
 * The helpers every chunk uses, defined once in the entry's file. `lazy`
 * lists the modules named lazily (`path chunk function`, comma-separated);
 * any other module of ours loaded by a URL computed at run time is looked
 * up in the full list, loaded from its own small file then.
 */
function runtimeHelpers(entry: string, lazy: string): string[] {
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
    `      return import(__acroot + ${q(INDEX)}).then((m) => {`,
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

/** Module paths reachable from `roots` through `next`. */
function reach(roots: string[], next: (p: string) => string[]): Set<string> {
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
function linkable(facts: Map<string, ModuleFacts>, entry: string): Set<string> {
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

/**
 * Links `entry` (kept at the top level of its file) and everything it can
 * load. `groups` put the static closure of each listed module set into one
 * chunk, the first group that reaches a module winning: group 0 joins the
 * start chunk (what the entry imports statically), so what runs on every
 * host event can be one file; the rest of the modules go by entry set.
 */
export function linkChunks(
  modules: EmittedModules,
  entry: string,
  groups: string[][] = [],
): LinkedChunks {
  const bare: EmittedModules = new Map();
  for (const [p, js] of modules) {
    if (/__ac[a-z]/.test(js)) throw new Error(`npm link: ${p} uses the reserved prefix __ac`);
    bare.set(p, js.replace(/^#![^\n]*/, (s) => " ".repeat(s.length)));
  }
  const facts = moduleFacts(bare);
  const ok = linkable(facts, entry);
  if (!ok.has(entry)) throw new Error(`npm link: ${entry} imports a module that cannot be linked`);
  const staticDeps = (p: string) =>
    facts.get(p)!.imports.flatMap((r) => (r.dep && ok.has(r.dep) ? [r.dep] : []));
  const used = reach(
    [entry],
    (p) => [...staticDeps(p), ...facts.get(p)!.lazy.filter((l) => ok.has(l))],
  );
  const entries = [
    entry,
    ...[...used].filter((p) => [...used].some((u) => facts.get(u)!.lazy.includes(p))).filter((p) =>
      p !== entry
    ).sort(),
  ];
  // Each module's chunk: the set of entries reaching it statically.
  const sets = new Map<string, string[]>();
  for (const e of entries) {
    for (const p of reach([e], staticDeps)) sets.set(p, [...(sets.get(p) ?? []), e]);
  }
  // Group 0 and what the entry imports statically share the entry's file.
  const grouped = new Map<string, string>();
  [[entry, ...(groups[0] ?? [])], ...groups.slice(1)].forEach((g, i) => {
    for (const p of reach(g.filter((m) => used.has(m)), staticDeps)) {
      if (!grouped.has(p)) grouped.set(p, i === 0 ? entry : `${CHUNK_DIR}/${dotted(g[0])}`);
    }
  });
  // Modules only a run-time URL could reach: one chunk, found through INDEX.
  const keyOf = (p: string) => grouped.get(p) ?? sets.get(p)?.join(" ") ?? `${CHUNK_DIR}/rest.js`;
  const order = [...ok].sort();
  const byKey = new Map<string, string[]>();
  for (const p of order) byKey.set(keyOf(p), [...(byKey.get(keyOf(p)) ?? []), p]);
  const chunkName = new Map<string, string>();
  let shared = 0;
  for (const k of [...byKey.keys()].sort()) {
    const name = k === entry || k.startsWith(`${CHUNK_DIR}/`)
      ? k
      : k.includes(" ")
      ? `${CHUNK_DIR}/shared${shared++}.js`
      : `${CHUNK_DIR}/${dotted(k)}`;
    chunkName.set(k, name);
  }
  const fnIndex = new Map(order.map((p, i) => [p, `__acm${i}`]));
  const chunkOf = (p: string) => chunkName.get(keyOf(p))!;
  const cycle = cycles(facts);
  const listed = (ps: string[]) =>
    ps.filter((p) => p !== entry).map((p) => `${p} ${chunkOf(p)} ${fnIndex.get(p)}`).join(",");
  const manifest = listed(entries);
  const files = new Map<string, string>();
  const chunks = new Map<string, string[]>();
  for (const members of byKey.values()) {
    const file = chunkOf(members[0]);
    chunks.set(file, members);
    files.set(file, chunkText(file, members));
  }
  files.set(INDEX, `export const index = ${q(listed(order))};\n`);
  return { files, chunks };

  function chunkText(file: string, members: string[]): string {
    const externals = new Map<string, string>();
    const ctx: LinkContext = {
      facts,
      cycle,
      cyclic: (p) => [...cycle.values()].filter((c) => c === cycle.get(p)).length > 1,
      fn: (p) => (p === entry ? undefined : fnIndex.get(p)),
      chunkOf,
      writing: file,
      external: (spec) => {
        if (!externals.has(spec)) externals.set(spec, `__acx${externals.size}`);
        return externals.get(spec)!;
      },
    };
    const parts: string[] = [];
    const imported = new Map<string, Set<string>>();
    for (const p of members) {
      for (const d of staticDeps(p)) {
        const c = chunkOf(d);
        if (c !== file) imported.set(c, (imported.get(c) ?? new Set()).add(fnIndex.get(d)!));
      }
      if (p === entry) continue;
      const fn = fnIndex.get(p)!;
      const { prologue, body, exported, live } = linkModule(p, ctx, false);
      const pairs = (f: (n: string, e: string) => string) =>
        exported.map(([n, e]) => f(q(n), e)).join(", ");
      parts.push(
        `// ${p}`,
        `let ${fn}_ns;`,
        `function ${fn}() {`,
        `if (${fn}_ns) return ${fn}_ns;`,
        ...(live
          ? [`${fn}_ns = __acns({ ${pairs((n, e) => `get ${n}() { return ${e}; }`)} });`]
          : []),
        ...prologue,
        body,
        live
          ? `return ${fn}_ns;`
          : `return ${fn}_ns = __acfix({ __proto__: null, ${pairs((n, e) => `${n}: ${e}`)} });`,
        `}`,
      );
    }
    const isEntry = file === entry;
    const main: string[] = [];
    if (isEntry) {
      const { prologue, body } = linkModule(entry, ctx, true);
      // Chunks import this file: with a top-level await in it, a chunk it
      // loads would wait on it while it waits on the chunk.
      const wrapped = facts.get(entry)!.topLevelAwait ? `(async () => {\n${body}\n})();` : body;
      main.push(`// ${entry}`, ...prologue, wrapped);
    }
    const head: string[] = [];
    for (const [spec, ns] of externals) head.push(`import * as ${ns} from ${q(spec)};`);
    for (const [chunk, fns] of [...imported].sort()) {
      head.push(`import { ${[...fns].sort().join(", ")} } from ${q(relativeSpec(file, chunk))};`);
    }
    if (!isEntry) {
      head.push(
        `import { __acroot, __acns, __acfix, __acload } from ${q(relativeSpec(file, entry))};`,
      );
    }
    const fns = members.filter((p) => p !== entry).map((p) => fnIndex.get(p)!);
    const exported = [...(isEntry ? ["__acroot", "__acns", "__acfix", "__acload"] : []), ...fns];
    const shebang = isEntry ? /^#![^\n]*\n/.exec(modules.get(entry)!)?.[0] ?? "" : "";
    return shebang + [
      `// Linked by scripts/_npm_chunks.ts: ${members.length} module(s).`,
      ...head,
      ...(isEntry ? runtimeHelpers(entry, manifest) : []),
      ...parts,
      `export { ${exported.join(", ")} };`,
      ...main,
    ].join("\n") + "\n";
  }
}

/** `adapters/dialects/claude.js` → `adapters.dialects.claude.js`. */
function dotted(path: string): string {
  return path.replaceAll("/", ".");
}

/** Strips comments (Node parses every byte of a file it loads). */
export function withoutComments(modules: EmittedModules): EmittedModules {
  const printer = ts.createPrinter({ removeComments: true });
  return new Map(
    [...modules].map(([p, js]) => {
      const shebang = /^#![^\n]*\n/.exec(js)?.[0] ?? "";
      const sf = ts.createSourceFile(p, js.slice(shebang.length), ts.ScriptTarget.ES2022, true);
      return [p, shebang + printer.printFile(sf)];
    }),
  );
}
