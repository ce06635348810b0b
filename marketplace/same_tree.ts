/**
 * Whether a staged package folder already holds exactly the files a new
 * package would write, so `upgrade` reports an unchanged plugin as `=` and
 * leaves the host's copy alone.
 *
 * @module
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PackageFile } from "../package/types.ts";

function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}

/** True when `dir` holds exactly `files`, byte for byte (false when it is missing). */
export function sameTree(dir: string, files: readonly PackageFile[]): boolean {
  let names: string[];
  try {
    names = listFiles(dir).sort();
  } catch {
    return false;
  }
  const want = files.map((f) => f.path).sort();
  if (names.length !== want.length || names.some((n, i) => n !== want[i])) return false;
  return files.every((f) => {
    try {
      return readFileSync(join(dir, f.path), "utf8") === f.text;
    } catch {
      return false;
    }
  });
}
