/**
 * What the home binary's launcher runs (install/home_bin.ts writes it;
 * install/remote_entry.ts computes one for a registry install), apart from
 * both so neither imports the other for it.
 *
 * @module
 */

import type { LocalEntry } from "./local_entry.ts";

/** What the launcher runs. */
export interface LauncherTarget {
  /** Absolute path of the runtime executable. */
  runtime: string;
  /** Arguments before the entry (`run -A …` for Deno). */
  runtimeArgs: string[];
  /** Absolute path of the CLI entry, or its pinned registry URL (`jsr:` from 0.1 launchers). */
  entry: string;
  /** The agent-connector version that wrote the launcher. */
  version: string;
  /** Variables the launcher sets before it execs (`JSR_URL` for a registry other than jsr.io). */
  env?: Record<string, string>;
  /**
   * The verified local copy of a registry entry the POSIX launcher runs
   * instead while it is not newer than the launcher (install/local_entry.ts).
   */
  local?: LocalEntry;
}
