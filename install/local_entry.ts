/**
 * The local copy of a JSR version's pre-linked CLI entry. Run by its
 * registry URL, every hook call makes Deno read the version's
 * `<version>_meta.json` and check the entry's checksum: about twice what
 * the same entry costs as a local file. So install, upgrade and
 * `doctor --heal` copy the entry, as the registry served it, to
 * `<dataRoot>/lib/main_linked-<version>.js` (0644, written atomically, one
 * file a version: an upgrade writes the new one beside the old, repoints
 * the launcher, then removes the old one), and the POSIX launcher runs it as
 * `file:///…/main_linked-<version>.js#<package URL>/`: the fragment tells
 * the copy where its package lives, so every module it does not carry (the
 * CLI table for a non-hook command, usage-event, the serve worker) loads
 * from that version on the registry, from Deno's cache.
 *
 * Integrity: the copy's bytes are the registry's — their sha256 must equal
 * the checksum of `/cli/main_linked.js` in the version's `_meta.json` (what
 * Deno checks a registry module against) before the copy is written, and
 * the launcher, which records that sha256, is written after the copy. Per
 * call the launcher runs the copy only while it exists and is not newer
 * than the launcher itself (`[ -f copy ] && ! [ copy -nt launcher ]`: shell
 * built-ins, no process), else the registry URL: an edited, replaced or
 * removed copy never runs. A per-call hash costs more than it saves: a
 * `cksum` child's fork and exec, or a guard module hashing the copy, each
 * costs more than the registry URL's own checks (bench/README.md).
 * `doctor` checks
 * the sha256 against the recorded one and the registry's manifest;
 * `doctor --heal` rewrites the copy (and then the launcher). A copy edited
 * and then given an older modification time on purpose would still run:
 * whoever can do that can rewrite the launcher itself.
 *
 * Windows launchers keep the registry URL (a `.cmd` file has no cheap way
 * to check a file).
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { LINKED_ENTRY } from "./linked_entry.ts";

/** What a launcher records about the local copy it runs. */
export interface LocalEntry {
  /** Absolute path of the copy. */
  path: string;
  /** The registry URL of the package version (`…/@ken-jo/agent-connector/<version>/`). */
  base: string;
  /** `sha256-<hex>` of the copy: the registry manifest's checksum of the entry. */
  checksum: string;
}

/** The folder of local copies under the data root. */
export function localEntryDir(root: string): string {
  return join(root, "lib");
}

/** Where the copy of `version`'s entry lives. */
export function localEntryPath(root: string, version: string): string {
  return join(localEntryDir(root), `main_linked-${version}.js`);
}

/** The specifier a launcher runs for a local copy: its file URL, the package URL as fragment. */
export function localEntrySpecifier(local: Pick<LocalEntry, "path" | "base">): string {
  return `${pathToFileURL(local.path).href}#${local.base}`;
}

/** `sha256-<hex>` of `bytes`, as a JSR manifest spells a checksum. */
export function sha256Checksum(bytes: Uint8Array): string {
  return `sha256-${createHash("sha256").update(bytes).digest("hex")}`;
}

/** The registry's bytes of the entry and the checksum its version's manifest gives them. */
export interface RegistryEntryBytes {
  /** The entry's bytes, from Deno's cache. */
  bytes: Uint8Array;
  /** The manifest's checksum for `/cli/main_linked.js` (`sha256-<hex>`). */
  checksum: string;
}

/**
 * Reads the entry's bytes and its manifest checksum from Deno's cache
 * (`deno eval --cached-only`, a bytes import and a JSON import: never the
 * network), with `env` under `pins` (the launcher's `JSR_URL`, `DENO_DIR`).
 * Returns why it failed as a string; a checksum that the bytes do not match
 * is such a failure.
 */
export function registryEntryBytes(
  deno: string,
  base: string,
  env: Record<string, string | undefined>,
  pins: Record<string, string> = {},
): RegistryEntryBytes | string {
  const meta = `${base.slice(0, -1)}_meta.json`;
  const entry = `${base}${LINKED_ENTRY}`;
  const code = `import process from "node:process";
const meta = await import(${JSON.stringify(meta)}, { with: { type: "json" } });
const sum = meta.default.manifest?.[${JSON.stringify(`/${LINKED_ENTRY}`)}]?.checksum ?? "";
const bytes = (await import(${JSON.stringify(entry)}, { with: { type: "bytes" } })).default;
process.stdout.write(sum + "\\n");
process.stdout.write(bytes);`;
  const run = spawnSync(
    deno,
    ["eval", "--no-config", "--quiet", "--cached-only", "--unstable-raw-imports", code],
    { env: { ...env, ...pins, DENO_NO_UPDATE_CHECK: "1" }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) {
    return `cannot read ${entry} from the Deno cache: ${firstLine(run.stderr?.toString())}`;
  }
  const out = new Uint8Array(run.stdout);
  const nl = out.indexOf(10);
  const checksum = new TextDecoder().decode(out.subarray(0, nl));
  const bytes = out.subarray(nl + 1);
  if (!/^sha256-[0-9a-f]{64}$/.test(checksum)) {
    return `${meta} gives no sha256 checksum for /${LINKED_ENTRY}`;
  }
  if (sha256Checksum(bytes) !== checksum) {
    return `the cached ${entry} does not match the checksum in ${meta}`;
  }
  return { bytes, checksum };
}

/**
 * Writes `bytes` (verified: {@link registryEntryBytes}) as the copy of
 * `version`'s entry, atomically and 0644, unless the copy already has them;
 * returns what the launcher records and whether it wrote.
 */
export function writeLocalEntry(
  root: string,
  version: string,
  base: string,
  entry: RegistryEntryBytes,
  dryRun = false,
): { local: LocalEntry; wrote: boolean } {
  const path = localEntryPath(root, version);
  const local = { path, base, checksum: entry.checksum };
  if (localEntryState(local) === "ok") return { local, wrote: false };
  if (!dryRun) writeFileAtomic(path, entry.bytes, { mode: 0o644, forceMode: true });
  return { local, wrote: true };
}

/** Whether the copy is there with the recorded bytes. */
export function localEntryState(local: LocalEntry): "ok" | "missing" | "changed" {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(local.path);
  } catch {
    return "missing";
  }
  return sha256Checksum(bytes) === local.checksum ? "ok" : "changed";
}

/**
 * True when the copy's modification time is after the launcher's: the
 * launcher then runs the registry URL (see the module doc), however right
 * the copy's bytes are.
 */
export function copyNewerThanLauncher(local: LocalEntry, launcher: string): boolean {
  try {
    return statSync(local.path, { bigint: true }).mtimeNs >
      statSync(launcher, { bigint: true }).mtimeNs;
  } catch {
    return false;
  }
}

/**
 * Removes every copy in `<root>/lib` except `keep` (the one the launcher now
 * runs), and the folder once it is empty; returns the removed paths. Only
 * files named as copies are touched.
 */
export function pruneLocalEntries(root: string, keep?: string): string[] {
  const dir = localEntryDir(root);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (!/^main_linked-[^/\\]+\.js$/.test(name) || path === keep) continue;
    rmSync(path, { force: true });
    removed.push(path);
  }
  try {
    rmdirSync(dir);
  } catch { /* not empty */ }
  return removed;
}

function firstLine(text: string | undefined): string {
  // deno-lint-ignore no-control-regex
  return (text ?? "").replace(/\x1b\[[0-9;]*m/g, "").trim().split("\n")[0] ?? "";
}
