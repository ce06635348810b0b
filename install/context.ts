/**
 * `InstallContext`: everything environmental an install step depends on
 * (DESIGN §3). Nothing below the CLI reads `os.homedir()` or `process.env`.
 *
 * @module
 */

import { existsSync, readFileSync, realpathSync } from "node:fs";
import type { Probe, ScopeName } from "../adapters/descriptor.ts";
import type { PathContext } from "../adapters/paths.ts";

/** What one host's plan is computed in. */
export interface InstallContext extends PathContext {
  /** The scope written. */
  scope: ScopeName;
  /** The framework data root. */
  dataRoot: string;
  /** Absolute path of the home binary every command line points at. */
  homeBin: string;
  /** Compute records without writing. */
  dryRun: boolean;
  /** Overwrite user-edited managed blocks (after a backup). */
  force: boolean;
  /** Read-only looks at the disk. */
  probe: Probe;
}

/** The real disk probe. */
export const diskProbe: Probe = {
  readText(path) {
    // Most paths a plan looks at are absent; answering that without a thrown
    // error is ~10x cheaper, and any path existsSync denies, reading fails too.
    if (!existsSync(path)) return undefined;
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
  exists: (path) => existsSync(path),
  realPath(path) {
    try {
      return realpathSync(path);
    } catch {
      return undefined;
    }
  },
};
