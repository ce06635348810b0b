/**
 * The home binary's target when agent-connector itself was loaded from a
 * JSR registry (`deno run -A jsr:@ken-jo/agent-connector/main install`, or a
 * branded CLI that imports `jsr:@ken-jo/agent-connector/cli`): our modules
 * then have the registry's `https:` URLs, and the launcher runs the
 * pre-linked CLI entry of that exact version — never a range, never
 * "latest" — by its registry URL:
 *
 * `deno run -A --quiet --cached-only --no-lock --no-config
 * https://jsr.io/@ken-jo/agent-connector/<version>/cli/main_linked.js`
 *
 * That is the one-file entry a checkout's launcher runs (install/linked_entry.ts):
 * a hook call loads it and the connector module, not the ~25 modules of
 * `jsr:…/main`'s hook path. JSR publishes every file of a version and Deno
 * loads a registry URL as part of that package (checksums from its
 * manifest), without a `deno.json` export for it.
 *
 * `--cached-only`: a hook never fetches, so it works offline and never waits
 * on a network; {@link cacheRemoteEntry} puts every module of that version
 * into Deno's cache when the launcher is written (install, upgrade, doctor
 * --heal). `--no-config`: the host's working folder must not decide our
 * import map, lock file or node_modules mode — except for a branded CLI run
 * from a local file, whose nearest `deno.json` is passed with `--config` so
 * its connector module resolves its imports as it did at install time. A
 * registry other than jsr.io (`JSR_URL`) and a Deno cache folder other than
 * the default (`DENO_DIR`) are pinned in the launcher's environment — hosts
 * spawn hooks without the user's shell environment — so the cached modules
 * are the ones found.
 *
 * Supported: this package from a JSR registry, run directly or imported by
 * a branded CLI whose connector module is a local file (a connector module
 * at a URL is refused by cli/create_connector_cli.ts). Not supported: our modules
 * from any other URL (a Git host, a CDN): no manifest says which files a
 * version has, so nothing can cache what a hook loads lazily, and the
 * launcher cannot be written — {@link remoteLauncherTarget} says so and what
 * to run instead.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { PACKAGE_NAME } from "../core/version.ts";
import type { LauncherTarget } from "./launcher_target.ts";
import { LINKED_ENTRY } from "./linked_entry.ts";

/** The public JSR registry, as `JSR_URL` spells it. */
export const DEFAULT_JSR_URL = "https://jsr.io/";

/** One version of a JSR package, as its module URLs show it. */
export interface RegistryPackage {
  /** The registry's base URL, ending in `/` (`https://jsr.io/`). */
  registry: string;
  /** `@scope/name`. */
  name: string;
  /** The exact version. */
  version: string;
}

/** True when a launcher entry is a specifier rather than a file path. */
export function isRemoteEntry(entry: string): boolean {
  return /^(jsr|https?):/.test(entry);
}

/**
 * The registry package a module URL belongs to (`<registry>@<scope>/<name>/<version>/<path>`),
 * or undefined when the URL has no such shape or names another package.
 */
export function registryPackageOf(moduleUrl: string): RegistryPackage | undefined {
  const m = /^(https?:\/\/[^?#]*?\/)(@[a-z0-9-]+\/[a-z0-9-]+)\/(\d+\.\d+\.\d+[^/]*)\/[^?#]+$/.exec(
    moduleUrl,
  );
  if (!m || m[2] !== PACKAGE_NAME) return undefined;
  return { registry: m[1], name: m[2], version: m[3] };
}

/** The nearest `deno.json` / `deno.jsonc` in `dir` or a folder above it. */
export function denoConfigAbove(dir: string): string | undefined {
  for (let at = dir;; at = dirname(at)) {
    for (const name of ["deno.json", "deno.jsonc"]) {
      if (existsSync(join(at, name))) return join(at, name);
    }
    if (dirname(at) === at) return undefined;
  }
}

/**
 * The launcher target for our modules loaded from `moduleUrl` (the registry
 * URL of install/home_bin.ts in one version of this package). `mainScript`
 * is the process's main script when it is a local file — a branded CLI —
 * whose nearest deno.json the launcher passes on; `denoDir` the `DENO_DIR`
 * the modules are cached in, when one is set.
 *
 * @throws {Error} on Node, which cannot run a remote module, and for a URL
 * that is not a JSR registry's (see the module doc).
 */
export function remoteLauncherTarget(
  moduleUrl: string,
  runtime: { name: "deno" | "node"; execPath: string },
  mainScript?: string,
  denoDir?: string,
): LauncherTarget {
  if (runtime.name !== "deno") {
    throw new Error(
      `cannot write the home binary for ${moduleUrl}: only Deno runs agent-connector from a URL`,
    );
  }
  const pkg = registryPackageOf(moduleUrl);
  if (!pkg) {
    throw new Error(
      `cannot write the home binary: agent-connector was loaded from ${
        new URL("../", moduleUrl).href
      }, which is not a version of ${PACKAGE_NAME} on a JSR registry, so its modules cannot be ` +
        `cached for hosts to run offline; import it as jsr:${PACKAGE_NAME}@<version>/… ` +
        `(or install it from npm, or run a local checkout) and run the command again`,
    );
  }
  const config = mainScript && isAbsolute(mainScript)
    ? denoConfigAbove(dirname(mainScript))
    : undefined;
  const target: LauncherTarget = {
    runtime: runtime.execPath,
    runtimeArgs: [
      "run",
      "-A",
      "--quiet",
      "--cached-only",
      "--no-lock",
      ...(config ? ["--config", config] : ["--no-config"]),
    ],
    entry: `${pkg.registry}${pkg.name}/${pkg.version}/${LINKED_ENTRY}`,
    version: pkg.version,
  };
  const env: Record<string, string> = {};
  if (pkg.registry !== DEFAULT_JSR_URL) env.JSR_URL = pkg.registry;
  if (denoDir) env.DENO_DIR = resolve(denoDir);
  if (Object.keys(env).length) target.env = env;
  return target;
}

/**
 * True when a launcher runs a version of this package from a JSR registry:
 * its registry URL, or the `jsr:…/main` specifier launchers of 0.1 wrote.
 */
export function isRegistryEntry(entry: string): boolean {
  return /^jsr:/.test(entry) || registryPackageOf(entry) !== undefined;
}

/** The package of a launcher's registry entry (its URL, or an older `jsr:` specifier). */
function packageOfEntry(target: LauncherTarget): RegistryPackage | undefined {
  const byUrl = registryPackageOf(target.entry);
  if (byUrl) return byUrl;
  const m = /^jsr:(@[^/@]+\/[^/@]+)@([^/]+)\//.exec(target.entry);
  if (!m) return undefined;
  const registry = target.env?.JSR_URL ?? DEFAULT_JSR_URL;
  return {
    registry: registry.endsWith("/") ? registry : `${registry}/`,
    name: m[1],
    version: m[2],
  };
}

/** The `--config <file>` or `--no-config` part of a launcher's arguments. */
function configArgs(target: LauncherTarget): string[] {
  const at = target.runtimeArgs.indexOf("--config");
  return at === -1 ? ["--no-config"] : ["--config", target.runtimeArgs[at + 1]];
}

/**
 * Puts every module the launcher can load into Deno's cache (`deno cache`),
 * so it runs with `--cached-only`: every module file of the entry's version
 * (its manifest, `<version>_meta.json`, names them — the CLI loads its
 * commands, host adapters and workers by computed URLs, which no import
 * graph shows). `env` is the environment `deno` runs with (the CLI
 * context's: `HOME` finds the default cache, a proxy reaches the registry),
 * under the launcher's own pins. Returns why it failed, or undefined.
 */
export function cacheRemoteEntry(
  target: LauncherTarget,
  env: Record<string, string | undefined>,
): string | undefined {
  const childEnv = { ...env, ...target.env, DENO_NO_UPDATE_CHECK: "1" };
  const modules = [target.entry];
  const pkg = packageOfEntry(target);
  if (pkg) {
    const base = `${pkg.registry}${pkg.name}/${pkg.version}`;
    const meta = `${pkg.registry}${pkg.name}/${pkg.version}_meta.json`;
    const list = spawnSync(target.runtime, [
      "eval",
      "--no-config",
      "--quiet",
      // A JSON module import, not fetch: Deno's cache answers it offline when the
      // version was resolved before, as it was for the process that is running.
      `const m = await import(${JSON.stringify(meta)}, { with: { type: "json" } });` +
      "console.log(JSON.stringify(Object.keys(m.default.manifest ?? {})));",
    ], { encoding: "utf8", env: childEnv });
    if (list.status !== 0) return `cannot read ${meta}: ${firstLine(list.stderr)}`;
    const files = JSON.parse(list.stdout) as string[];
    for (const f of files) if (/\.(ts|js|mjs|json)$/.test(f)) modules.push(base + f);
  }
  const run = spawnSync(
    target.runtime,
    ["cache", "--quiet", "--no-lock", ...configArgs(target), ...modules],
    { encoding: "utf8", env: childEnv },
  );
  return run.status === 0 ? undefined : `deno cache failed: ${firstLine(run.stderr)}`;
}

function firstLine(text: string | null): string {
  // deno-lint-ignore no-control-regex
  return (text ?? "").replace(/\x1b\[[0-9;]*m/g, "").trim().split("\n")[0] ?? "";
}
