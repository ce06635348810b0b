/**
 * The Documents folder as Cline's extension finds it
 * (cline/cline@21cb8d2525bcedf1f4b6890b27a74a14fe7451e4
 * apps/vscode/src/core/storage/documents-path.ts `getDocumentsPath`): on
 * Linux, when `xdg-user-dir` is on the PATH, whatever `xdg-user-dir
 * DOCUMENTS` prints — `XDG_DOCUMENTS_DIR` from
 * `${XDG_CONFIG_HOME:-~/.config}/user-dirs.dirs` (or the environment), else
 * the home folder itself, which is that script's own fallback; everywhere
 * else `~/Documents`. On Windows the extension asks PowerShell for the
 * MyDocuments special folder, which only a redirected (OneDrive) profile
 * moves; that cannot be read from a file, so `~\Documents` is used.
 *
 * The Cline CLI always uses `~/Documents` (sdk/packages/shared/src/storage/
 * paths.ts `resolveDocumentsClineDirectoryPath`), so on a desktop whose
 * Documents folder is renamed the two runtimes read different folders.
 *
 * @module
 */

import { pathApi, type PathFn, pathFn } from "../paths.ts";

/** The value of `XDG_DOCUMENTS_DIR` in a user-dirs.dirs text, `$HOME` expanded. */
export function xdgDocumentsDir(text: string, home: string): string | undefined {
  const line = text.split(/\r?\n/).find((l) => /^\s*XDG_DOCUMENTS_DIR=/.test(l));
  const value = line?.replace(/^\s*XDG_DOCUMENTS_DIR=/, "").trim().replace(/^"(.*)"$/, "$1");
  if (!value) return undefined;
  return value.replace(/^\$HOME(?=\/|$)/, home).replace(/^\$\{HOME\}(?=\/|$)/, home);
}

/** `<Documents>/<segments>` as Cline's extension resolves Documents. */
export function clineDocuments(...segments: string[]): PathFn {
  return pathFn((ctx) => {
    const api = pathApi(ctx.os);
    let documents = api.join(ctx.home, "Documents");
    const path = ctx.os === "linux" ? (ctx.env.PATH ?? "").split(":").filter(Boolean) : [];
    if (path.some((dir) => ctx.probe?.exists(api.join(dir, "xdg-user-dir")))) {
      const config = ctx.env.XDG_CONFIG_HOME || api.join(ctx.home, ".config");
      const text = ctx.probe?.readText?.(api.join(config, "user-dirs.dirs"));
      // The file's value wins over the environment's (the script sources it).
      documents = (text !== undefined ? xdgDocumentsDir(text, ctx.home) : undefined) ??
        ctx.env.XDG_DOCUMENTS_DIR ?? ctx.home;
    }
    return api.join(documents, ...segments);
  });
}
