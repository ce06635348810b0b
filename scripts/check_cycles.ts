/**
 * `deno task check:cycles`: lists the import cycles among the project's own
 * modules and exits 1 when there is one. A cycle is a group of modules that
 * import each other, directly or through others (a strongly connected
 * component of the import graph), counting static, dynamic (`import()`) and
 * type-only imports alike: each ties the modules' layers together.
 *
 * The graph is Deno's (`deno info --json`) for one temporary root that
 * imports every `.ts` file of the tree, tests included, except generated and
 * vendored folders ({@link SKIP}). For each cycle it prints the modules and
 * one shortest loop through them, `->` for a static import, `~>` for a
 * dynamic one.
 *
 *   deno run -A scripts/check_cycles.ts [root]
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Folders never scanned: build output, dependencies, test fixtures (not our modules). */
const SKIP = new Set(["npm", "dist", "node_modules", "coverage", ".git", ".tmp", "fixtures"]);

/** One import: the importing and imported modules (repository paths) and how. */
export interface ImportEdge {
  /** The importing module. */
  from: string;
  /** The imported module. */
  to: string;
  /** True for `import()`. */
  dynamic: boolean;
}

/** One cycle: its modules (sorted) and a shortest loop through the first of them. */
export interface ImportCycle {
  /** Every module of the strongly connected component. */
  modules: string[];
  /** A shortest loop from `loop[0]` back to it, as edges. */
  loop: ImportEdge[];
}

/** Every `.ts` file under `root` outside {@link SKIP}, as repository paths. */
export function sourceFiles(root: string, dir = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) out.push(...sourceFiles(root, rel));
    } else if (entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
      out.push(rel);
    }
  }
  return out.sort();
}

interface DenoInfo {
  modules: Array<{
    specifier: string;
    dependencies?: Array<{
      code?: { specifier?: string };
      type?: { specifier?: string };
      isDynamic?: boolean;
    }>;
  }>;
}

/** The imports among the project's modules under `root`, from `deno info --json`. */
export function importEdges(root: string, deno: string = process.execPath): ImportEdge[] {
  const temp = mkdtempSync(join(tmpdir(), "ac-cycles-"));
  try {
    const entry = join(temp, "all.ts");
    const files = sourceFiles(root);
    writeFileSync(
      entry,
      files.map((f) => `import ${JSON.stringify(pathToFileURL(join(root, f)).href)};\n`).join(""),
    );
    const run = spawnSync(deno, ["info", "--json", "--config", join(root, "deno.json"), entry], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1" },
    });
    if (run.status !== 0) throw new Error(`deno info failed: ${run.stderr}`);
    const info: DenoInfo = JSON.parse(run.stdout);
    const base = pathToFileURL(root.endsWith("/") ? root : `${root}/`).href;
    const ours = (spec?: string) =>
      spec?.startsWith(base)
        ? relative(root, fileURLToPath(spec)).replaceAll("\\", "/")
        : undefined;
    const edges = new Map<string, ImportEdge>();
    for (const m of info.modules) {
      const from = ours(m.specifier);
      if (!from) continue;
      for (const d of m.dependencies ?? []) {
        for (const target of [d.code?.specifier, d.type?.specifier]) {
          const to = ours(target);
          if (!to) continue;
          const key = `${from}\0${to}`;
          const seen = edges.get(key);
          // A static import of the same module outweighs a dynamic one.
          if (!seen || (seen.dynamic && !d.isDynamic)) {
            edges.set(key, { from, to, dynamic: !!d.isDynamic });
          }
        }
      }
    }
    return [...edges.values()];
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** The cycles of a graph: its strongly connected components of two or more modules, or a self-import. */
export function findCycles(edges: ImportEdge[]): ImportCycle[] {
  const out = new Map<string, ImportEdge[]>();
  for (const e of edges) {
    if (!out.has(e.from)) out.set(e.from, []);
    out.get(e.from)!.push(e);
  }
  for (const list of out.values()) list.sort((a, b) => a.to.localeCompare(b.to));
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; at: number }> = [{ node: start, at: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work.at(-1)!;
      const list = out.get(top.node) ?? [];
      if (top.at < list.length) {
        const to = list[top.at++].to;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, at: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const self = (out.get(top.node) ?? []).some((e) => e.to === top.node);
        if (component.length > 1 || self) components.push(component.sort());
      }
    }
  }
  return components
    .map((modules) => ({ modules, loop: shortestLoop(modules, out) }))
    .sort((a, b) => a.modules[0].localeCompare(b.modules[0]));
}

/** A shortest loop from the first module back to it, inside the component. */
function shortestLoop(modules: string[], out: Map<string, ImportEdge[]>): ImportEdge[] {
  const inside = new Set(modules);
  const start = modules[0];
  const via = new Map<string, ImportEdge>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const e of out.get(node) ?? []) {
      if (!inside.has(e.to)) continue;
      if (e.to === start) {
        const loop = [e];
        for (let at = node; at !== start; at = via.get(at)!.from) loop.unshift(via.get(at)!);
        return loop;
      }
      if (!via.has(e.to)) {
        via.set(e.to, e);
        queue.push(e.to);
      }
    }
  }
  return [];
}

/** The report: one block per cycle, or a line saying there is none. */
export function formatCycles(cycles: ImportCycle[]): string {
  if (!cycles.length) return "no import cycles\n";
  const blocks = cycles.map((c, i) => {
    const loop = c.loop.map((e) => `${e.from} ${e.dynamic ? "~>" : "->"} `).join("") +
      c.loop[0].from;
    return `cycle ${i + 1} (${c.modules.length} module${c.modules.length === 1 ? "" : "s"}): ${
      c.modules.join(", ")
    }\n  ${loop}`;
  });
  return `${cycles.length} import cycle${cycles.length === 1 ? "" : "s"}:\n${blocks.join("\n")}\n`;
}

if (import.meta.main) {
  try {
    const cycles = findCycles(importEdges(resolve(process.argv[2] ?? ROOT)));
    process.stdout.write(formatCycles(cycles));
    if (cycles.length) {
      console.error("break each cycle: move the shared part into a module both import");
      process.exit(1);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
