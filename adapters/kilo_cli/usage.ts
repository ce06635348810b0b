/**
 * Kilo CLI (an opencode fork; the Kilo Code extension 7.x shares its
 * backend and so its store): the SQLite store `kilo.db` (and `kilo-*.db`)
 * in the data folder (./home.ts), plus the legacy `storage/message/` JSON
 * files. Same schema as opencode, so opencode's reader decodes both; a
 * request is the message id. Measured on the real Kilo 7.7.7 in the lab
 * (tests/lab/hosts/kilo.ts); ccusage `adapter/kilo/{paths,loader}.rs`,
 * notes/usage-formats.md §4.
 *
 * @module
 */

import { join } from "node:path";
import type { UsageReader, UsageSource } from "../../usage/reader.ts";
import { listDatabases } from "../../usage/readers/_sqlite.ts";
import { homeContext } from "../paths.ts";
import { reader as opencode } from "../opencode/usage.ts";
import { kiloData } from "./home.ts";

/** The Kilo CLI reader. */
export const reader: UsageReader = {
  ...opencode,
  id: "kilo-cli",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  version: 2,
  async sources(machine, list) {
    const out: UsageSource[] = [];
    for (const root of kiloData.all(homeContext(machine))) {
      out.push(...listDatabases(root, (n) => /^kilo(-.+)?\.db$/.test(n), list));
      out.push(...await list.files([join(root, "storage", "message")], { ext: [".json"] }));
    }
    return out;
  },
};
