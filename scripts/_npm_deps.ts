/**
 * The npm dependencies of the built package: every bare specifier the
 * emitted `.js` and `.d.ts` files import, mapped through deno.json's
 * `imports` to its exact `npm:` pin. Test-only packages never appear in
 * emitted runtime code, so they are left out by construction.
 *
 * @module
 */

/** The package a bare specifier belongs to (`@scope/name/sub` → `@scope/name`). */
export function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** True for a specifier that names a package (not relative, absolute, node: or a URL). */
export function isBare(specifier: string): boolean {
  return !/^(\.{1,2}\/|\/|node:|[a-z][a-z0-9+.-]*:)/i.test(specifier) && specifier !== "." &&
    specifier !== "..";
}

/** Parses `npm:name@version` / `npm:/name@version/` into its parts. */
export function parseNpmTarget(target: string): { name: string; version: string } | undefined {
  const match = /^npm:\/?(@[^/@]+\/[^/@]+|[^/@]+)@([^/]+)\/?$/.exec(target);
  return match ? { name: match[1], version: match[2] } : undefined;
}

/**
 * Maps every bare specifier to `{ name: version }` through the import map.
 * Throws naming the specifier when it is not mapped to an exact npm pin.
 */
export function dependenciesFor(
  specifiers: Iterable<string>,
  imports: Record<string, string>,
): Record<string, string> {
  const deps: Record<string, string> = {};
  for (const specifier of specifiers) {
    if (specifier.startsWith("npm:")) {
      throw new Error(
        `"${specifier}": import npm packages through deno.json imports, not npm: directly`,
      );
    }
    if (!isBare(specifier)) continue;
    const key = Object.hasOwn(imports, specifier)
      ? specifier
      : Object.keys(imports).find((k) => k.endsWith("/") && specifier.startsWith(k)) ??
        Object.keys(imports).find((k) => k === packageOf(specifier));
    const target = key === undefined ? undefined : parseNpmTarget(imports[key]);
    if (!target) {
      throw new Error(`"${specifier}" is not mapped to an exact npm: version in deno.json imports`);
    }
    if (!/^\d+\.\d+\.\d+(?:[-+].*)?$/.test(target.version)) {
      throw new Error(`"${specifier}" must be pinned to an exact version, got "${target.version}"`);
    }
    deps[target.name] = target.version;
  }
  return Object.fromEntries(Object.entries(deps).sort(([a], [b]) => a.localeCompare(b)));
}
