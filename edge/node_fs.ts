/**
 * The file calls of the usage layer, without loading Deno's `node:fs` on a
 * re-scan with nothing new: the reads such a re-scan makes go through Deno's
 * own API (`denoFs` of edge/runtime_info.ts), and `node:fs` itself is taken
 * from `process.getBuiltinModule` only when a call needs it (on Node it is
 * loaded already). Loading `node:fs` is a sizeable part of such a re-scan
 * under Deno (bench/README.md).
 *
 * Node before 20.16 has no `getBuiltinModule`: there {@link fsReady}, which
 * the usage layer's entries await, imports it first.
 *
 * @module
 */

import { denoFs, type LeanFs } from "./runtime_info.ts";

type NodeFs = typeof import("node:fs");

let loaded: NodeFs | undefined;

const DENO = denoFs();

// deno-lint-ignore no-explicit-any
const proc = (): any => (globalThis as any).process;

/**
 * Makes {@link nodeFs} ready where `process.getBuiltinModule` is missing
 * (Node before 20.16); a no-op elsewhere. Awaited by `listUsage`,
 * `scanUsage` and the kept results' `reportRows`.
 */
export async function fsReady(): Promise<void> {
  // Under Deno not even asked: reading `process.getBuiltinModule` there loads
  // `node:module` and what it needs.
  if (DENO || loaded || typeof proc()?.getBuiltinModule === "function") return;
  const name = "node:fs"; // a name Deno's start-up graph does not follow
  loaded = await import(name);
}

/** Node's `fs` module (Deno's `node:fs` under Deno), loaded on first use. */
export function nodeFs(): NodeFs {
  if (loaded) return loaded;
  const get = proc()?.getBuiltinModule;
  if (typeof get !== "function") {
    throw new Error("edge/node_fs.ts: await fsReady() before the first file call");
  }
  return loaded = get.call(proc(), "node:fs") as NodeFs;
}

const nodeLean: LeanFs = {
  readFile: (path) => nodeFs().readFileSync(path),
  readText: (path) => nodeFs().readFileSync(path, "utf8"),
  exists: (path) => nodeFs().existsSync(path),
  linkOrStat: (path) => {
    const fs = nodeFs();
    const st = fs.lstatSync(path);
    return st.isSymbolicLink() ? fs.readlinkSync(path) : `${st.size}:${st.mtimeMs}:${st.ino}`;
  },
};

/** The reads of a re-scan with nothing new: Deno's own API under Deno, else `node:fs`. */
export const leanFs: LeanFs = DENO ?? nodeLean;
