/**
 * The npm package.json, generated from deno.json, and the check that the two
 * export maps agree.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { join } from "node:path";

/** The fields of deno.json the npm build reads. */
export interface DenoJson {
  /** Package name. */
  name: string;
  /** Package version. */
  version: string;
  /** License id. */
  license?: string;
  /** Subpath exports to `.ts` files. */
  exports: Record<string, string>;
  /** Import map. */
  imports?: Record<string, string>;
  /** What `deno publish` ships. */
  publish?: { include?: string[]; exclude?: string[] };
}

/** One npm subpath export. */
export interface NpmExport {
  /** The declaration file. */
  types: string;
  /** The module. */
  default: string;
}

/** The command name and the CLI entry it runs. */
export const BIN_NAME = "agent-connector";
/** The CLI entry, as a source path. */
export const BIN_SOURCE = "./cli/main.ts";

/** `./x/mod.ts` → `./x/mod` + extension. */
function swapExtension(path: string, ext: string): string {
  return path.replace(/\.ts$/, ext);
}

/** The npm export map equivalent to deno.json's. */
export function npmExports(deno: Record<string, string>): Record<string, NpmExport> {
  return Object.fromEntries(
    Object.entries(deno).map(([key, path]) => [key, {
      types: swapExtension(path, ".d.ts"),
      default: swapExtension(path, ".js"),
    }]),
  );
}

/** Builds the npm package.json. */
export function npmPackageJson(
  deno: DenoJson,
  dependencies: Record<string, string>,
): Record<string, unknown> {
  return {
    name: deno.name,
    version: deno.version,
    description:
      "Declare an MCP server, hooks and content once; deploy them into every AI coding agent; measure token use.",
    license: deno.license ?? "Apache-2.0",
    type: "module",
    exports: npmExports(deno.exports),
    bin: { [BIN_NAME]: swapExtension(BIN_SOURCE, ".js") },
    engines: { node: ">=20" },
    dependencies,
  };
}

/**
 * Throws when the npm export map and deno.json's differ in any subpath, or
 * when a target (or the bin) is missing from `outDir`.
 */
export function checkExportMaps(
  deno: Record<string, string>,
  npm: Record<string, NpmExport>,
  outDir: string,
  bin: Record<string, string> = {},
): void {
  const problems: string[] = [];
  const denoKeys = Object.keys(deno).sort();
  const npmKeys = Object.keys(npm).sort();
  for (const key of denoKeys) {
    if (!npmKeys.includes(key)) problems.push(`"${key}" only in deno.json`);
  }
  for (const key of npmKeys) {
    if (!denoKeys.includes(key)) problems.push(`"${key}" only in package.json`);
  }
  for (const [key, target] of Object.entries(npm)) {
    if (deno[key] !== undefined && target.default !== swapExtension(deno[key], ".js")) {
      problems.push(`"${key}" points at ${target.default}, deno.json at ${deno[key]}`);
    }
    for (const file of [target.types, target.default]) {
      if (!existsSync(join(outDir, file))) problems.push(`"${key}": ${file} was not built`);
    }
  }
  for (const [name, file] of Object.entries(bin)) {
    if (!existsSync(join(outDir, file))) problems.push(`bin "${name}": ${file} was not built`);
  }
  if (problems.length > 0) {
    throw new Error(`The npm and deno.json export maps drifted:\n  ${problems.join("\n  ")}`);
  }
}
