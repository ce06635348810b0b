/**
 * Imports a module only when a code path needs it, without making it an edge
 * of the module graph the runtime prepares at start-up. Deno loads every
 * module reachable through a literal `import("…")` before running the entry,
 * so a literal edge from the hook entry to the CLI table (or to every host
 * adapter) would cost every hook call hundreds of modules (DESIGN §5). The
 * specifier is written as a `.ts` path and mapped to `.js` in the npm build.
 *
 * @example
 * ```ts ignore
 * import { importLazily } from "./lazy_import.ts";
 * const { runCli } = await importLazily<typeof import("../cli/run.ts")>("../cli/run.ts", import.meta.url);
 * ```
 *
 * @module
 */

/**
 * Imports `specifier` (relative, written with `.ts`) against `base` (the
 * caller's `import.meta.url`).
 */
export function importLazily<T>(specifier: string, base: string): Promise<T> {
  const url = new URL(specifier, base);
  if (!new URL(base).pathname.endsWith(".ts")) {
    url.pathname = url.pathname.replace(/\.ts$/, ".js");
  }
  return import(url.href);
}
