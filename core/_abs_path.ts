/**
 * Absolute-path arithmetic for POSIX and Windows without `node:path`, for the
 * project-key walk the hook runtime runs (Deno pays tens of milliseconds of
 * Node compatibility for `node:path`). Results equal `node:path`'s `resolve`,
 * `dirname` and `join` for the OS named (core/_abs_path_test.ts checks),
 * except a Windows path rooted without a drive (`\dir`), which stays
 * drive-less where `node:path` prefixes the working directory's drive.
 *
 * @module
 */

import type { OsName } from "./os_name.ts";

const DRIVE = /^([a-zA-Z]:)([\\/]|$)/;
const UNC = /^[\\/]{2}([^\\/]+)[\\/]+([^\\/]+)/;

/** The root of a path (`/`, `C:\`, `\\server\share\`) and the rest, or no root for a relative one. */
function splitRoot(path: string, os: OsName): { root?: string; rest: string } {
  if (os !== "win32") {
    return path.startsWith("/") ? { root: "/", rest: path } : { rest: path };
  }
  const unc = UNC.exec(path);
  if (unc) return { root: `\\\\${unc[1]}\\${unc[2]}\\`, rest: path.slice(unc[0].length) };
  const drive = DRIVE.exec(path);
  if (drive) {
    // A drive without a separator ("C:foo") is relative to that drive's cwd.
    return drive[2] ? { root: `${drive[1]}\\`, rest: path.slice(2) } : { rest: path };
  }
  return /^[\\/]/.test(path) ? { root: "\\", rest: path } : { rest: path };
}

/** True when `path` is absolute on `os`. */
export function isAbsolutePath(path: string, os: OsName): boolean {
  return splitRoot(path, os).root !== undefined;
}

/** `path` made absolute against `cwd` (called only for a relative path), with `.`, `..` and doubled separators resolved. */
export function resolvePath(path: string, os: OsName, cwd: () => string): string {
  let { root, rest } = splitRoot(path, os);
  if (root === undefined) ({ root, rest } = splitRoot(`${cwd()}/${path}`, os));
  const sep = os === "win32" ? "\\" : "/";
  const parts: string[] = [];
  for (const part of rest.split(os === "win32" ? /[\\/]+/ : /\/+/)) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `${root ?? ""}${parts.join(sep)}`;
}

/** The parent of an absolute, resolved path; a root is its own parent. */
export function parentPath(path: string, os: OsName): string {
  const { root = "", rest } = splitRoot(path, os);
  const sep = os === "win32" ? /[\\/]/ : /\//;
  const parts = rest.split(sep).filter((p) => p !== "");
  parts.pop();
  return `${root}${parts.join(os === "win32" ? "\\" : "/")}`;
}

/** `name` inside the absolute, resolved folder `dir`. */
export function childPath(dir: string, name: string, os: OsName): string {
  const sep = os === "win32" ? "\\" : "/";
  return dir.endsWith(sep) || (os === "win32" && dir.endsWith("/"))
    ? `${dir}${name}`
    : `${dir}${sep}${name}`;
}
