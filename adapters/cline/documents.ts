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
 * paths.ts `resolveDocumentsClineDirectoryPath`), so where `xdg-user-dir`
 * names another folder — a renamed Documents, or the home folder itself when
 * `~/.config/user-dirs.dirs` is absent — the two runtimes read different
 * folders. A user install writes each distinct one ({@link clineBothDocuments},
 * {@link clineRulesFolders}).
 *
 * @module
 */

import { allOf, home, pathApi, type PathContext, type PathFn, pathFn } from "../paths.ts";

/** The value of `XDG_DOCUMENTS_DIR` in a user-dirs.dirs text, `$HOME` expanded. */
export function xdgDocumentsDir(text: string, home: string): string | undefined {
  const line = text.split(/\r?\n/).find((l) => /^\s*XDG_DOCUMENTS_DIR=/.test(l));
  const value = line?.replace(/^\s*XDG_DOCUMENTS_DIR=/, "").trim().replace(/^"(.*)"$/, "$1");
  if (!value) return undefined;
  return value.replace(/^\$HOME(?=\/|$)/, home).replace(/^\$\{HOME\}(?=\/|$)/, home);
}

/** The Documents folder Cline's extension finds (see the module doc). */
function extensionDocuments(ctx: PathContext): string {
  const api = pathApi(ctx.os);
  const path = ctx.os === "linux" ? (ctx.env.PATH ?? "").split(":").filter(Boolean) : [];
  if (!path.some((dir) => ctx.probe?.exists(api.join(dir, "xdg-user-dir")))) {
    return api.join(ctx.home, "Documents");
  }
  const config = ctx.env.XDG_CONFIG_HOME || api.join(ctx.home, ".config");
  const text = ctx.probe?.readText?.(api.join(config, "user-dirs.dirs"));
  // The file's value wins over the environment's (the script sources it).
  return (text !== undefined ? xdgDocumentsDir(text, ctx.home) : undefined) ??
    ctx.env.XDG_DOCUMENTS_DIR ?? ctx.home;
}

/**
 * `<Documents>/<segments>` as Cline's extension resolves Documents; its
 * other places are the two folders `xdg-user-dir` falls back to (home and
 * `~/Documents`), where an install made before user-dirs.dirs changed may
 * have written.
 */
export function clineDocuments(...segments: string[]): PathFn {
  const at = (ctx: PathContext) => pathApi(ctx.os).join(extensionDocuments(ctx), ...segments);
  return pathFn(at, (ctx) => {
    const api = pathApi(ctx.os);
    const fallbacks = [
      api.join(ctx.home, ...segments),
      api.join(ctx.home, "Documents", ...segments),
    ];
    return [...new Set([at(ctx), ...fallbacks])];
  });
}

/** `~/Documents/<segments>`: the Cline CLI's Documents folder, whatever the desktop says. */
export function cliDocuments(...segments: string[]): PathFn {
  return home("Documents", ...segments);
}

/**
 * A folder below `<Documents>/Cline` that each runtime reads only in its own
 * Documents (`Hooks`, `Workflows`): the extension's, and the CLI's when it
 * differs (cline/cline@21cb8d2525bcedf1f4b6890b27a74a14fe7451e4
 * apps/vscode/src/core/storage/disk.ts `ensureHooksDirectoryExists`,
 * `ensureWorkflowsDirectoryExists`; sdk/packages/shared/src/storage/paths.ts
 * `resolveHooksConfigSearchPaths`, `resolveWorkflowsConfigSearchPaths`).
 */
export function clineBothDocuments(name: string): PathFn {
  return allOf(clineDocuments("Cline", name), cliDocuments("Cline", name));
}

/**
 * The global rules folders: the extension's `<Documents>/Cline/Rules`, and
 * `~/Documents/Cline/Rules` for the CLI only when the CLI does not read the
 * extension's folder already. The CLI 3.0.65 reads `~/Cline/Rules` too —
 * where the extension's rules land when `xdg-user-dir` prints the home
 * folder (its bundled @cline/shared `resolveGlobalRulesConfigPaths`,
 * cline/cline#13542) — so a second copy there would be read twice.
 */
export function clineRulesFolders(): PathFn {
  const extension = clineDocuments("Cline", "Rules");
  const cli = pathFn((ctx) => {
    const own = extension(ctx);
    const reads = [home("Cline", "Rules")(ctx), cliDocuments("Cline", "Rules")(ctx)];
    return reads.includes(own) ? own : reads[1];
  });
  return allOf(extension, cli);
}
