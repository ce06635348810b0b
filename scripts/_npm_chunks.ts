/**
 * The npm executable, pre-linked with code splitting. Node compiles and
 * links every ES module file on its own (a cost per file) and parses every byte
 * of a file it loads, so neither one file per module (~200 for an install)
 * nor one bundle of everything (a hook call parsing the whole CLI) is cheap.
 *
 * `linkChunks` starts from the executable's entry and every module the code
 * names lazily (a dynamic `import()`, a `"./x.ts"` string given to
 * `importLazily`, a `` `./cmd_${name}.ts` `` template); those are the chunk
 * entries. Each module goes into one chunk by the set of entries reaching
 * it through static imports: **each module lives in exactly one chunk** (one
 * instance of its state, its classes, its caches), and a chunk is loaded no
 * later than one of its modules is needed:
 *
 * - what the entry imports statically, and the closure of `groups[0]` (what
 *   hosts run on every event), is the entry's own file;
 * - a later group (one dialect) takes what only listed entries share;
 * - a module whose entry set has a member loaded before all the others
 *   (a dominator in the graph of lazy loads: the command table before each
 *   command) goes into that member's chunk, loaded exactly when it needs it;
 * - other sets get a chunk each, except that small ones shared by commands
 *   only (no hot entry, no npm package) are joined into `_bin/common.js`:
 *   Node pays per file, so a command may load a few unneeded kilobytes.
 *
 * Chunks import each other statically where the sources did, and dynamic
 * imports load the chunk holding their target; a specifier only known at
 * run time goes through `__acload`, which maps any linked module's URL to
 * its chunk (lazy entries listed in the entry's file, every other module in
 * `_bin/index.js`, read only on such a miss). Modules run in the order ES
 * modules would (scripts/_npm_link_module.ts), with their own URL as
 * `import.meta.url`, so files they name (prices.json, a worker's entry)
 * resolve as before. External packages stay static imports at the top of
 * the chunk whose module imports them. A module that awaits at the top level
 * (a worker's entry) is not linked: it loads from its own file, with its own
 * imports (in its own thread).
 *
 * Output: the entry's chunk is written at the entry's path, or at the
 * `entryFile` given; the others under `_bin/`. (The build then splits the
 * entry's chunk into a loader and a code-cached script:
 * scripts/_npm_code_cache.ts.)
 *
 * @module
 */

import ts from "typescript";
import { cycles, type EmittedModules, moduleFacts } from "./_npm_graph.ts";
import { type LinkContext, linkModule, q, relativeSpec } from "./_npm_link_module.ts";
import { dominators, linkable, reach, runtimeHelpers } from "./_npm_chunk_parts.ts";

/** The linked executable: files to write (package path → text) and how modules were grouped. */
export interface LinkedChunks {
  /** Package path → JavaScript. */
  files: Map<string, string>;
  /** Chunk file → the modules it holds. */
  chunks: Map<string, string[]>;
}

/** Folder of the chunks other than the entry's. */
export const CHUNK_DIR = "_bin";

/** Below this many bytes, a chunk shared by commands joins `_bin/common.js`. */
const SMALL_CHUNK = 6000;

/** Where every linked module is listed, for a lazy load the build could not foresee. */
const INDEX = `${CHUNK_DIR}/index.js`;

/**
 * Links `entry` (kept at the top level of its file) and everything it can
 * load. `groups` put the static closure of each listed module set into one
 * chunk, the first group that reaches a module winning: group 0 joins the
 * start chunk (what the entry imports statically), so what runs on every
 * host event can be one file; the rest of the modules go by entry set.
 * The entry's chunk is written at `entryFile` (by default the entry's own
 * path; a file in the same folder, since the entry's relative URLs resolve
 * from it).
 */
export function linkChunks(
  modules: EmittedModules,
  entry: string,
  groups: string[][] = [],
  entryFile: string = entry,
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
  const closure = new Map(entries.map((e) => [e, reach([e], staticDeps)]));
  const sets = new Map<string, string[]>();
  for (const [e, ps] of closure) for (const p of ps) sets.set(p, [...(sets.get(p) ?? []), e]);
  const dom = dominators(
    entry,
    entries,
    (e) => [...closure.get(e)!].flatMap((m) => facts.get(m)!.lazy.filter((l) => closure.has(l))),
  );
  // Group 0 and what the entry imports statically share the entry's file;
  // a later group takes what only listed entries share.
  const hot = new Set(groups.flat());
  const grouped = new Map<string, string>();
  [[entry, ...(groups[0] ?? [])], ...groups.slice(1)].forEach((g, i) => {
    for (const p of reach(g.filter((m) => used.has(m)), staticDeps)) {
      if (grouped.has(p) || (i > 0 && !sets.get(p)!.every((e) => hot.has(e)))) continue;
      grouped.set(p, i === 0 ? entry : `${CHUNK_DIR}/${dotted(g[0])}`);
    }
  });
  // A module needed by an entry that is loaded before every other entry
  // needing it goes with that entry: it is never loaded sooner than needed.
  const firstOf = (set: string[]): string => {
    const first = set.find((d) => set.every((e) => dom.get(e)!.has(d)));
    return first ?? set.join(" ");
  };
  // Modules only a run-time URL could reach: one chunk, found through INDEX.
  const setKey = (p: string) =>
    grouped.get(p) ?? (sets.has(p) ? firstOf(sets.get(p)!) : `${CHUNK_DIR}/rest.js`);
  // Node pays per file: the small chunks shared by commands (never by a hot
  // entry, never importing a package) are joined into one. A command may then
  // load a few kilobytes it does not run; nothing loads later than needed.
  const size = new Map<string, number>();
  for (const p of ok) size.set(setKey(p), (size.get(setKey(p)) ?? 0) + bare.get(p)!.length);
  const common = (k: string) =>
    k.includes(" ") && size.get(k)! < SMALL_CHUNK && !k.split(" ").some((e) => hot.has(e));
  const packages = new Set(
    [...ok].filter((p) =>
      facts.get(p)!.imports.some((r) => r.external && !r.external.startsWith("node:"))
    )
      .map(setKey),
  );
  const keyOf = (p: string) => {
    const k = setKey(p);
    return common(k) && !packages.has(k) ? `${CHUNK_DIR}/common.js` : k;
  };
  const order = [...ok].sort();
  const byKey = new Map<string, string[]>();
  for (const p of order) byKey.set(keyOf(p), [...(byKey.get(keyOf(p)) ?? []), p]);
  const chunkName = new Map<string, string>();
  let shared = 0;
  for (const k of [...byKey.keys()].sort()) {
    const name = k === entry
      ? entryFile
      : k.startsWith(`${CHUNK_DIR}/`)
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
    const isEntry = file === entryFile;
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
        `import { __acroot, __acns, __acfix, __acload } from ${q(relativeSpec(file, entryFile))};`,
      );
    }
    const fns = members.filter((p) => p !== entry).map((p) => fnIndex.get(p)!);
    const exported = [...(isEntry ? ["__acroot", "__acns", "__acfix", "__acload"] : []), ...fns];
    const shebang = isEntry ? /^#![^\n]*\n/.exec(modules.get(entry)!)?.[0] ?? "" : "";
    return shebang + [
      `// Linked by scripts/_npm_chunks.ts: ${members.length} module(s).`,
      ...head,
      ...(isEntry ? runtimeHelpers(entryFile, manifest, INDEX) : []),
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
