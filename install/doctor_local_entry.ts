/**
 * doctor's check of a JSR install's local hook entry (install/local_entry.ts):
 * the copy the launcher records is there, has the recorded bytes, is the
 * launcher's version, and those bytes are the ones the registry's manifest
 * gives for that version's entry. A launcher for a registry entry without a
 * copy (written before copies existed, or when writing one failed) is a
 * warning: hooks then start about twice as slowly. Every finding is
 * fixable: `doctor --heal` (or `upgrade`) rewrites the copy.
 *
 * @module
 */

import type { MachineEnv } from "../io/machine_env.ts";
import type { Finding } from "./doctor_finding.ts";
import { homeBinPath, type LauncherTarget } from "./home_bin.ts";
import {
  copyNewerThanLauncher,
  localEntryPath,
  localEntryState,
  registryEntryBytes,
} from "./local_entry.ts";
import { registryPackageOf } from "./remote_entry.ts";

const CHECK = "home binary hook entry";
const FIX = "run `agent-connector doctor --heal` (or `agent-connector upgrade`)";

function found(status: Finding["status"], message: string): Finding {
  return {
    check: CHECK,
    status,
    message,
    fixable: status !== "pass",
    ...(status === "pass" ? {} : { fix: FIX }),
  };
}

/** The findings for `target`'s local copy; none for a launcher that needs none. */
export function checkLocalEntry(
  target: LauncherTarget,
  root: string,
  machine: MachineEnv,
): Finding[] {
  const pkg = registryPackageOf(target.entry);
  if (!pkg || machine.os === "win32" || target.runtimeArgs[0] !== "run") return [];
  const local = target.local;
  if (!local) {
    return [found(
      "warn",
      `hooks run ${target.entry} through Deno's registry checks on every call; ` +
        "a verified local copy starts about twice as fast",
    )];
  }
  const base = `${pkg.registry}${pkg.name}/${pkg.version}/`;
  if (local.path !== localEntryPath(root, pkg.version) || local.base !== base) {
    return [found(
      "fail",
      `the launcher runs ${local.path} for ${local.base}, not the copy of its version ${pkg.version}`,
    )];
  }
  const state = localEntryState(local);
  if (state === "missing") {
    return [found("warn", `${local.path} is missing: hooks run ${target.entry} instead (slower)`)];
  }
  if (state === "changed") {
    return [found(
      "fail",
      `${local.path} is not the file the launcher recorded (changed since install): ` +
        `hooks run ${target.entry} instead`,
    )];
  }
  if (copyNewerThanLauncher(local, homeBinPath(root, machine.os))) {
    return [found(
      "warn",
      `${local.path} is newer than the launcher, which therefore runs ${target.entry} (slower)`,
    )];
  }
  const registry = registryEntryBytes(target.runtime, base, machine.env, target.env);
  if (typeof registry === "string") {
    return [found("warn", `${local.path} cannot be checked against the registry: ${registry}`)];
  }
  if (registry.checksum !== local.checksum) {
    return [found(
      "fail",
      `${local.path} is not the entry the registry's manifest gives for ${pkg.version} ` +
        `(${local.checksum}, the manifest has ${registry.checksum})`,
    )];
  }
  return [
    found("pass", `${local.path} (${pkg.version}, matches the registry's ${local.checksum})`),
  ];
}
