/**
 * The home binary: `<dataRoot>/bin/agent-connector` (`agent-connector.cmd`
 * on Windows), the one stable command every host config points at. It is a
 * small launcher that execs the recorded runtime by absolute path — the real
 * `deno` or `node` executable, never `npx` or npm's `deno` wrapper — with the
 * recorded CLI entry. Upgrades rewrite the launcher; the command lines in
 * host files never change.
 *
 * The launcher also pins `AGENT_CONNECTOR_DATA_DIR` to the root it lives in
 * (unless the caller set one), because hosts spawn hooks without the user's
 * shell environment.
 *
 * Loaded from a registry (JSR), the entry is the pre-linked CLI entry of the
 * pinned version, by its registry URL, run with `--cached-only`; see
 * install/remote_entry.ts. On POSIX the launcher runs a verified copy of it
 * from the data root instead, while the copy still has the recorded bytes;
 * see install/local_entry.ts.
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ChangeRecord } from "../core/platform_types.ts";
import { runtimeExecPath, runtimeName } from "../edge/runtime_info.ts";
import { VERSION } from "../core/version.ts";
import type { MachineEnv, OsName } from "../io/machine_env.ts";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { pathApi } from "../adapters/paths.ts";
import { LINKED_ENTRY, linkedEntryFresh } from "./linked_entry.ts";
import type { LauncherTarget } from "./launcher_target.ts";
import {
  cacheRemoteEntry,
  isRemoteEntry,
  registryPackageOf,
  remoteLauncherTarget,
} from "./remote_entry.ts";
import {
  copyNewerThanLauncher,
  type LocalEntry,
  localEntryPath,
  localEntrySpecifier,
  localEntryState,
  pruneLocalEntries,
  registryEntryBytes,
  writeLocalEntry,
} from "./local_entry.ts";

export type { LauncherTarget } from "./launcher_target.ts";

const MARK = "agent-connector-launcher ";

/** Where the launcher lives. */
export function homeBinPath(root: string, os: OsName): string {
  return pathApi(os).join(root, "bin", os === "win32" ? "agent-connector.cmd" : "agent-connector");
}

/**
 * The launcher target of the running process: its runtime executable and
 * this package's CLI entry (`cli/main.js` in the npm build; from source, the
 * pre-linked `cli/main_linked.js` while it matches its sources — one module
 * for a hook call instead of twenty — else `cli/main.ts`). Under Deno the
 * project's deno.json is passed explicitly so the import map applies
 * wherever the host starts us, with `--no-lock`: reading deno.lock is a
 * large share of what a hook adds to an empty script (bench/README.md), the
 * npm imports are pinned to exact versions anyway, and
 * a launcher must never write a lock file beside the package. Loaded from a
 * registry, see install/remote_entry.ts: there `machine` (the CLI context's)
 * gives the main script (a branded CLI's deno.json is found from it) and
 * the `DENO_DIR` the launcher pins.
 *
 * @throws {Error} loaded from a URL the launcher cannot run offline (install/remote_entry.ts).
 */
export function currentLauncherTarget(
  machine?: Pick<MachineEnv, "env" | "mainScript">,
): LauncherTarget {
  if (!import.meta.url.startsWith("file:")) {
    const main = machine?.mainScript;
    return remoteLauncherTarget(
      import.meta.url,
      { name: runtimeName(), execPath: runtimeExecPath() },
      main && existsSync(main) ? main : undefined,
      machine?.env.DENO_DIR || undefined,
    );
  }
  const source = import.meta.url.endsWith(".ts");
  let entry = fileURLToPath(new URL(`../cli/main${source ? ".ts" : ".js"}`, import.meta.url));
  if (runtimeName() === "node") {
    return { runtime: runtimeExecPath(), runtimeArgs: [], entry, version: VERSION };
  }
  const root = fileURLToPath(new URL("../", import.meta.url));
  if (source && linkedEntryFresh(root)) entry = join(root, LINKED_ENTRY);
  const config = fileURLToPath(new URL("../deno.json", import.meta.url));
  const args = ["run", "-A", "--quiet"];
  if (existsSync(config)) args.push("--config", config, "--no-lock");
  return { runtime: runtimeExecPath(), runtimeArgs: args, entry, version: VERSION };
}

function sh(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

function cmdQuote(word: string): string {
  return `"${word.replaceAll("%", "%%").replaceAll('"', '""')}"`;
}

/** The launcher's text for `os`. */
export function launcherText(target: LauncherTarget, os: OsName, root: string): string {
  const meta = JSON.stringify(target);
  const argv = [target.runtime, ...target.runtimeArgs, target.entry];
  const deno = target.runtimeArgs[0] === "run";
  const env = Object.entries(target.env ?? {});
  if (os === "win32") {
    return [
      "@echo off",
      ...(deno ? ["set DENO_NO_UPDATE_CHECK=1"] : []),
      ...env.map(([k, v]) => `set "${k}=${v.replaceAll("%", "%%")}"`),
      "rem agent-connector launcher: every host config points here; `agent-connector upgrade` rewrites it.",
      `rem ${MARK}${meta.replaceAll("%", "%%")}`,
      `if not defined AGENT_CONNECTOR_DATA_DIR set "AGENT_CONNECTOR_DATA_DIR=${
        root.replaceAll("%", "%%")
      }"`,
      `${argv.map(cmdQuote).join(" ")} %*`,
      "",
    ].join("\r\n");
  }
  const pin =
    `if [ -z "\${AGENT_CONNECTOR_DATA_DIR:-}" ]; then AGENT_CONNECTOR_DATA_DIR=${sh(root)}; ` +
    "export AGENT_CONNECTOR_DATA_DIR; fi";
  return [
    "#!/bin/sh",
    "# agent-connector launcher: every host config points here; `agent-connector upgrade` rewrites it.",
    `# ${MARK}${meta}`,
    pin,
    // A hook's stderr must stay clean: no "new Deno release" notice.
    ...(deno ? ["DENO_NO_UPDATE_CHECK=1; export DENO_NO_UPDATE_CHECK"] : []),
    ...env.map(([k, v]) => `${k}=${sh(v)}; export ${k}`),
    ...(target.local ? localChoice(target, target.local) : [`exec ${argv.map(sh).join(" ")} "$@"`]),
    "",
  ].join("\n");
}

/**
 * The launcher's last lines with a local copy: run it while it exists and
 * is not newer than the launcher (written after it), else the registry URL.
 * `[` is a shell built-in: no process is started.
 */
function localChoice(target: LauncherTarget, local: LocalEntry): string[] {
  return [
    `entry=${sh(target.entry)}`,
    `if [ -f ${sh(local.path)} ] && ! [ ${sh(local.path)} -nt "$0" ]; then entry=${
      sh(localEntrySpecifier(local))
    }; fi`,
    `exec ${[target.runtime, ...target.runtimeArgs].map(sh).join(" ")} "$entry" "$@"`,
  ];
}

/** Reads the target back from a launcher's text, or undefined when it is not ours. */
export function parseLauncher(text: string): LauncherTarget | undefined {
  const line = text.split(/\r?\n/).find((l) => l.includes(MARK));
  if (!line) return undefined;
  try {
    const json = line.slice(line.indexOf(MARK) + MARK.length).replaceAll("%%", "%");
    const t = JSON.parse(json);
    return typeof t.runtime === "string" && typeof t.entry === "string" ? t : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the installed launcher's target, if there is one. */
export function readLauncher(root: string, os: OsName): LauncherTarget | undefined {
  try {
    return parseLauncher(readFileSync(homeBinPath(root, os), "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Writes (or refreshes) the launcher for `target`, by default the running
 * process's ({@link currentLauncherTarget} of `machine`; `machine.env` is also
 * what `deno cache` runs with for a registry entry). Returns the change
 * record; a dry run computes it without writing. A remote entry is put into Deno's
 * cache first, every time, so a launcher that runs with `--cached-only` finds
 * it; when that fails, the record is a warning saying so.
 */
export function ensureHomeBin(opts: {
  root: string;
  os: OsName;
  target?: LauncherTarget;
  machine?: Pick<MachineEnv, "env" | "mainScript">;
  dryRun?: boolean;
}): ChangeRecord {
  const path = homeBinPath(opts.root, opts.os);
  // Once: from source, finding the target reads and hashes the pre-linked entry's sources.
  let target = opts.target ?? currentLauncherTarget(opts.machine);
  let current: string | undefined;
  try {
    current = readFileSync(path, "utf8");
  } catch { /* not there yet */ }
  const env = opts.machine?.env ?? {};
  const uncached = !opts.dryRun && isRemoteEntry(target.entry)
    ? cacheRemoteEntry(target, env)
    : undefined;
  const copy = uncached ? undefined : localCopy(target, opts.root, opts.os, env, {
    dryRun: opts.dryRun,
    current: current === undefined ? undefined : parseLauncher(current)?.local,
  });
  if (copy && typeof copy !== "string") target = { ...target, local: copy.local };
  const text = launcherText(target, opts.os, opts.root);
  let detail = `home binary → ${target.runtime} ${target.entry}`;
  if (target.local) detail += ` (hooks run its verified copy ${target.local.path})`;
  if (typeof copy === "string") detail += ` (no local copy for hooks: ${copy})`;
  // A copy newer than the launcher (rewritten now, or touched) would not run: rewrite both.
  const rewroteCopy = copy !== undefined && typeof copy !== "string" &&
    (copy.wrote || copyNewerThanLauncher(copy.local, path));
  if ((current !== text || rewroteCopy) && !opts.dryRun) {
    writeFileAtomic(path, text, { mode: 0o755, forceMode: true });
  }
  // Older copies once the launcher no longer runs them (an upgrade, a move off JSR).
  if (!opts.dryRun && !uncached) pruneLocalEntries(opts.root, target.local?.path);
  if (uncached) {
    return {
      platform: "synthetic",
      action: "warn",
      path,
      detail: `home binary → ${target.entry}, which could not be cached for offline runs ` +
        `(${uncached}): hooks may fail until \`agent-connector upgrade\` runs with the registry reachable`,
    };
  }
  if (current === text && !rewroteCopy) {
    return { platform: "synthetic", action: "skip", path, detail };
  }
  return {
    platform: "synthetic",
    action: current === undefined ? "create" : "update",
    path,
    detail,
  };
}

/**
 * For a registry entry on POSIX: the verified local copy the launcher runs
 * (written unless it is already right; not on a dry run), or why there is
 * none. Undefined for every other launcher. A dry run takes the current
 * launcher's copy of the same version as it is while it is intact, without
 * asking Deno's cache.
 */
function localCopy(
  target: LauncherTarget,
  root: string,
  os: OsName,
  env: Record<string, string | undefined>,
  opts: { dryRun?: boolean; current?: LocalEntry },
): { local: LocalEntry; wrote: boolean } | string | undefined {
  if (os === "win32" || target.runtimeArgs[0] !== "run") return undefined;
  const pkg = registryPackageOf(target.entry);
  if (!pkg) return undefined;
  const base = `${pkg.registry}${pkg.name}/${pkg.version}/`;
  const current = opts.current;
  if (
    opts.dryRun && current?.base === base &&
    current.path === localEntryPath(root, pkg.version) && localEntryState(current) === "ok"
  ) {
    return { local: current, wrote: false };
  }
  const bytes = registryEntryBytes(target.runtime, base, env, target.env);
  if (typeof bytes === "string") return bytes;
  return writeLocalEntry(root, pkg.version, base, bytes, opts.dryRun);
}
