/**
 * Kilo CLI (an OpenCode fork; Kilo Code 7.x shares its backend): the SQLite
 * store `kilo.db` (and `kilo-*.db`) in `$KILO_DATA_DIR` (a comma list, as
 * ccusage reads it), else `${XDG_DATA_HOME:-~/.local/share}/kilo`, plus the
 * legacy `storage/message/` JSON files. Same schema as OpenCode, so the
 * OpenCode reader decodes both (`opencode.ts`); a request is the message id.
 * Source: ccusage `adapter/kilo/{paths,loader}.rs`, notes/usage-formats.md §4.
 *
 * @module
 */

import { join } from "node:path";
import type { UsageReader, UsageSource } from "../reader.ts";
import { envList } from "../_walk.ts";
import { type HostHome, xdgDataHome } from "./_homes.ts";
import { listDatabases } from "./_sqlite.ts";
import { reader as opencode } from "../../adapters/opencode/usage.ts";

/** Kilo CLI's data folders for `host`. */
export function kiloRoots(host: HostHome): string[] {
  const custom = envList(host.env.KILO_DATA_DIR);
  return custom.length > 0 ? custom : [join(xdgDataHome(host), "kilo")];
}

/** The Kilo CLI reader. */
export const reader: UsageReader = {
  ...opencode,
  id: "kilo-cli",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  version: 2,
  async sources(machine, list) {
    const out: UsageSource[] = [];
    for (const root of kiloRoots(machine)) {
      out.push(...listDatabases(root, (n) => /^kilo(-.+)?\.db$/.test(n), list));
      out.push(...await list.files([join(root, "storage", "message")], { ext: [".json"] }));
    }
    return out;
  },
};
