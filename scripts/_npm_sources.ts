/**
 * Which files the npm build compiles: what deno.json `publish` includes,
 * minus what it excludes — the same set `deno publish` ships.
 *
 * @module
 */

import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** deno.json's publish block. */
export interface PublishSpec {
  /** Paths (files or folders ending in "/") to ship. */
  include: string[];
  /** Globs to leave out. */
  exclude: string[];
}

/** Turns a publish glob (`**`, `*`, trailing `/` for a folder) into a RegExp over posix paths. */
export function globToRegExp(glob: string): RegExp {
  const folder = glob.endsWith("/");
  const body = (folder ? glob.slice(0, -1) : glob).replace(
    /\*\*\/|\*\*|\*|[.+?^${}()|[\]\\]/g,
    (m) => m === "**/" ? "(?:.*/)?" : m === "**" ? ".*" : m === "*" ? "[^/]*" : `\\${m}`,
  );
  return new RegExp(`^${body}${folder ? "(?:/.*)?" : ""}$`);
}

/** Lists the files (posix paths relative to `root`) the publish spec ships. */
export function publishedFiles(root: string, spec: PublishSpec): string[] {
  const excludes = spec.exclude.map(globToRegExp);
  const out: string[] = [];
  const visit = (abs: string) => {
    const rel = relative(root, abs).split(sep).join("/");
    if (excludes.some((re) => re.test(rel))) return;
    let stat;
    try {
      stat = statSync(abs);
    } catch {
      return; // an included folder that does not exist yet
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(abs).sort()) visit(join(abs, name));
    } else if (stat.isFile()) {
      out.push(rel);
    }
  };
  for (const entry of spec.include) visit(join(root, entry.replace(/\/$/, "")));
  return out;
}
