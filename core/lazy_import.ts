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
 * True when `text` from `from` on is plain path segments: letters, digits,
 * `_`, `-` and `.`, and no segment empty, `.` or `..`. Tested with a loop,
 * not a regular expression: a cold start compiles each expression it runs.
 */
function plainSegments(text: string, from: number): boolean {
  let start = from;
  for (let i = from; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 47;
    if (c === 47) {
      const segment = text.slice(start, i);
      if (segment === "" || segment === "." || segment === "..") return false;
      start = i + 1;
    } else if (
      !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ||
        c === 45 || c === 46)
    ) return false;
  }
  return true;
}

/** The string-computed href of {@link resolveRelative}, or undefined when it must parse a URL. */
function plainHref(specifier: string, base: string): string | undefined {
  if (
    !(specifier.startsWith("./") || specifier.startsWith("../")) ||
    !base.startsWith("file:///") || !plainSegments(base, "file:///".length)
  ) return undefined;
  let dir = base.slice(0, base.lastIndexOf("/") + 1);
  let rest = specifier;
  for (;;) {
    const first = dir.indexOf("/", "file:///".length);
    if (rest.startsWith("./")) rest = rest.slice(2);
    else if (rest.startsWith("../") && first !== -1 && first < dir.length - 1) {
      dir = dir.slice(0, dir.lastIndexOf("/", dir.length - 2) + 1);
      rest = rest.slice(3);
    } else break;
  }
  return plainSegments(rest, 0) ? dir + rest : undefined;
}

/**
 * `new URL(specifier, base).href`, computed on the strings when the
 * specifier is `./` or `../` steps then plain segments, the base is
 * `file:///` then plain segments, and the steps stay below the base's first
 * folder: a cold Deno start pays dearly for its first URL parse and less
 * for each one after (bench/README.md). Anything else is parsed as a URL.
 */
export function resolveRelative(specifier: string, base: string): string {
  return plainHref(specifier, base) ?? new URL(specifier, base).href;
}

/**
 * Imports `specifier` (relative, written with `.ts`) against `base` (the
 * caller's `import.meta.url`).
 */
export function importLazily<T>(specifier: string, base: string): Promise<T> {
  const href = plainHref(specifier, base);
  if (href !== undefined) {
    // Plain: the path ends the href (no query or fragment).
    const keep = base.endsWith(".ts") || !href.endsWith(".ts");
    return import(keep ? href : `${href.slice(0, -3)}.js`);
  }
  const url = new URL(specifier, base);
  if (!new URL(base).pathname.endsWith(".ts")) {
    url.pathname = url.pathname.replace(/\.ts$/, ".js");
  }
  return import(url.href);
}
