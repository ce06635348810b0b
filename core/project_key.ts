/**
 * Project identity for telemetry rows: a short hash of the project's git
 * remote (so clones of one repository in different folders, or on different
 * machines, share a key), else of its normalized path. Pure functions; the
 * reading of `.git/config` is in io/git_walk.ts. No `node:` import: a hook
 * computes keys for its telemetry row without Node compatibility.
 *
 * @module
 */

import { sha256HexLean } from "./_sha256.ts";
import type { OsName } from "./os_name.ts";

/**
 * Normalizes a git remote URL so the spellings of one repository agree:
 * `git@github.com:acme/db.git`, `https://user@github.com/acme/db` and
 * `ssh://git@github.com/acme/db.git/` all become `github.com/acme/db`.
 *
 * @example
 * ```ts
 * import { normalizeRemoteUrl } from "./project_key.ts";
 * normalizeRemoteUrl("git@GitHub.com:acme/db.git"); // "github.com/acme/db"
 * ```
 */
export function normalizeRemoteUrl(url: string): string {
  let rest = url.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(rest);
  if (scheme) {
    rest = rest.slice(scheme[0].length);
  } else {
    // scp-like syntax: [user@]host:path (a colon before any slash).
    const scp = /^([^/@]+@)?([^/:]+):(?!\/)(.*)$/.exec(rest);
    if (scp) rest = `${scp[2]}/${scp[3]}`;
  }
  rest = rest.replace(/^[^/@]*@/, ""); // credentials or user
  const slash = rest.indexOf("/");
  let host = slash === -1 ? rest : rest.slice(0, slash);
  let path = slash === -1 ? "" : rest.slice(slash);
  host = host.toLowerCase().replace(/:(22|80|443)$/, "");
  path = path.replace(/\/+$/, "").replace(/\.git$/i, "").replace(/\/+$/, "");
  return host + path;
}

/**
 * Reads the URL of remote `origin` (else the first remote) from the text of
 * a `.git/config` file; `undefined` when there is none.
 */
export function remoteUrlFromGitConfig(text: string): string | undefined {
  let section = "";
  let first: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[\s*([^\]\s"]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (header) {
      section = header[1].toLowerCase() === "remote" && header[2] !== undefined
        ? `remote:${header[2]}`
        : "";
      continue;
    }
    if (!section) continue;
    const kv = /^url\s*=\s*(.*)$/i.exec(line);
    if (!kv) continue;
    const value = kv[1].replace(/^"(.*)"$/, "$1").trim();
    if (section === "remote:origin") return value;
    first ??= value;
  }
  return first;
}

/** Normalizes a folder path for hashing: separators, trailing slash, and case where the OS ignores it. */
export function normalizeProjectPath(path: string, os: OsName): string {
  let p = os === "win32" ? path.replace(/\\/g, "/") : path;
  if (p.length > 1) p = p.replace(/\/+$/, "");
  return os === "linux" ? p : p.toLowerCase();
}

function shortHash(text: string): string {
  return sha256HexLean(text).slice(0, 16);
}

/**
 * The project key for a remote (`git:` + hash) or, without one, a normalized
 * path (`path:` + hash).
 *
 * @example
 * ```ts
 * import { projectKeyOf } from "./project_key.ts";
 * projectKeyOf({ remoteUrl: "git@github.com:acme/db.git" }) ===
 *   projectKeyOf({ remoteUrl: "https://github.com/acme/db" }); // true
 * ```
 */
export function projectKeyOf(
  source: { remoteUrl: string } | { path: string; os: OsName },
): string {
  return "remoteUrl" in source
    ? `git:${shortHash(normalizeRemoteUrl(source.remoteUrl))}`
    : `path:${shortHash(normalizeProjectPath(source.path, source.os))}`;
}
