/**
 * Where hosts keep per-user data, by the conventions they follow: XDG's data
 * home on Linux and macOS command-line tools, Application Support on macOS
 * apps, AppData on Windows, computed by the path language host descriptors
 * use (adapters/paths.ts). Every path is built from `host`, never from the
 * process environment. Also the one-folder listing readers with a fixed
 * layout use instead of a recursive walk.
 *
 * @module
 */

import * as paths from "../../adapters/paths.ts";
import { probeNames } from "../_probe.ts";
import type { SourceLister } from "../reader.ts";

/** A host environment as readers see it. */
export type HostHome = paths.HomeEnv;

/** `$XDG_DATA_HOME`, else `~/.local/share`. */
export function xdgDataHome(host: HostHome): string {
  return paths.xdgData()(paths.homeContext(host));
}

/** `%LOCALAPPDATA%`, else `~/AppData/Local`. */
export function localAppData(host: HostHome): string {
  return paths.localAppData()(paths.homeContext(host));
}

/** `%APPDATA%`, else `~/AppData/Roaming`. */
export function roamingAppData(host: HostHome): string {
  return paths.roamingAppData()(paths.homeContext(host));
}

/** `~/Library/Application Support`. */
export function macAppSupport(host: HostHome): string {
  return paths.macAppSupport()(paths.homeContext(host));
}

/**
 * The entry names in `dir`, sorted. A missing folder is normal (the host is
 * not installed); one that cannot be read is reported on `list`.
 */
export function namesIn(dir: string, list: SourceLister): string[] {
  try {
    return probeNames(dir)?.names.sort() ?? [];
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      list.problem(
        dir,
        `cannot read this folder (${code ?? String(error)}); its logs were skipped`,
      );
    }
    return [];
  }
}
