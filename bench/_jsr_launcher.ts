/**
 * A home-binary launcher the way a JSR install writes it, for benchmarks:
 * this checkout served as the published package by the registry stand-in,
 * the version cached into a Deno cache folder of its own (sharing only the
 * npm packages of the real one), the launcher pinned to both — then the
 * stand-in stops, so what is measured runs offline from the cache, as a
 * host's hook does. Two launchers: the registry URL alone (`path`, what JSR
 * launchers ran before install/local_entry.ts) and the verified local copy
 * of the entry (`localPath`, what install writes now; written after the copy,
 * so it runs the copy).
 *
 * @module
 */

import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { PACKAGE_NAME } from "../core/version.ts";
import { type LauncherTarget, launcherText } from "../install/home_bin.ts";
import { cacheRemoteEntry, remoteLauncherTarget } from "../install/remote_entry.ts";
import { registryEntryBytes, sha256Checksum, writeLocalEntry } from "../install/local_entry.ts";
import { denoCacheDir } from "./_deno_dir.ts";
import { startChildStandIn } from "./_jsr_stand_in.ts";

/** A JSR launcher written under a data root. */
export interface JsrLauncher {
  /** What it runs. */
  target: LauncherTarget;
  /** Writes a launcher with the same runtime flags and environment running `entry` instead. */
  writeFor(entry: string, name: string): string;
  /** The launcher's path: it runs the registry URL. */
  path: string;
  /** The launcher running the verified local copy of the entry (the registry URL as fallback). */
  localPath: string;
  /** Writes a local-copy launcher (after its copy, as install does) whose copy is `text`. */
  writeLocalFor(text: string, name: string): string;
  /** Unlinks the npm cache link, so a recursive remove of `dataRoot` never enters the real cache. */
  release(): void;
}

/** Serves `root` as a JSR version, caches it and writes its launcher at `<dataRoot>/bin/jsr-launcher`. */
export async function writeJsrLauncher(
  deno: string,
  root: string,
  dataRoot: string,
): Promise<JsrLauncher> {
  const denoDir = join(dataRoot, "deno");
  mkdirSync(denoDir, { recursive: true });
  const real = denoCacheDir();
  if (real) symlinkSync(join(real, "npm"), join(denoDir, "npm"));
  const release = () => {
    if (real) unlinkSync(join(denoDir, "npm"));
  };
  const registry = await startChildStandIn(deno, root);
  let target: LauncherTarget;
  try {
    target = remoteLauncherTarget(
      `${registry.url}${PACKAGE_NAME}/${registry.version}/install/home_bin.ts`,
      { name: "deno", execPath: deno },
      undefined,
      denoDir,
    );
    const failed = cacheRemoteEntry(target, process.env);
    if (failed) throw new Error(`caching the JSR stand-in's version failed: ${failed}`);
  } catch (error) {
    release();
    throw error;
  } finally {
    registry.stop();
  }
  const writeLauncher = (t: LauncherTarget, name: string) => {
    const path = join(dataRoot, "bin", name);
    mkdirSync(join(dataRoot, "bin"), { recursive: true });
    writeFileSync(path, launcherText(t, "linux", dataRoot), { mode: 0o755 });
    return path;
  };
  const writeFor = (entry: string, name: string) => writeLauncher({ ...target, entry }, name);
  // The copy as install writes it: the cached registry bytes, checked against the manifest.
  const base = target.entry.slice(0, -"cli/main_linked.js".length);
  const entry = registryEntryBytes(deno, base, process.env, target.env);
  if (typeof entry === "string") {
    release();
    throw new Error(`reading the JSR stand-in's cached entry failed: ${entry}`);
  }
  const { local } = writeLocalEntry(dataRoot, target.version, base, entry);

  const writeLocalFor = (text: string, name: string) => {
    const bytes = new TextEncoder().encode(text);
    const copy = { bytes, checksum: sha256Checksum(bytes) };
    const other = writeLocalEntry(join(dataRoot, name), target.version, base, copy).local;
    return writeLauncher({ ...target, local: other }, name);
  };
  return {
    target,
    writeFor,
    path: writeFor(target.entry, "jsr-launcher"),
    localPath: writeLauncher({ ...target, local }, "jsr-local-launcher"),
    writeLocalFor,
    release,
  };
}
