/**
 * Where hosts keep per-user data, by the conventions they follow: XDG's data
 * home on Linux and macOS command-line tools, Application Support on macOS
 * apps, AppData on Windows. Every path is built from `host`, never from the
 * process environment. Also the one-folder listing readers with a fixed
 * layout use instead of a recursive walk.
 *
 * @module
 */

import { join } from "node:path";
import { probeNames } from "../_probe.ts";
import type { SourceLister } from "../reader.ts";

/** A host environment as readers see it. */
export type HostHome = {
  home: string;
  env: Record<string, string | undefined>;
  os?: string;
};

/** `$XDG_DATA_HOME`, else `~/.local/share`. */
export function xdgDataHome(host: HostHome): string {
  return host.env.XDG_DATA_HOME || join(host.home, ".local", "share");
}

/** `%LOCALAPPDATA%`, else `~/AppData/Local`. */
export function localAppData(host: HostHome): string {
  return host.env.LOCALAPPDATA || join(host.home, "AppData", "Local");
}

/** `%APPDATA%`, else `~/AppData/Roaming`. */
export function roamingAppData(host: HostHome): string {
  return host.env.APPDATA || join(host.home, "AppData", "Roaming");
}

/** `~/Library/Application Support`. */
export function macAppSupport(host: HostHome): string {
  return join(host.home, "Library", "Application Support");
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
