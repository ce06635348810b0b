/**
 * MiMoCode (an opencode fork): the SQLite store `mimocode.db` in its data
 * folder (./home.ts), or the file `MIMOCODE_DB` names (absolute, or
 * relative to the data folder; `:memory:` keeps none). Its `message` table
 * is opencode's with an `agent_id` column added, and the `data` column the
 * same message JSON, so opencode's reader decodes it; a request is the
 * message id. Source: XiaomiMiMo/MiMo-Code `drizzle.config.ts`
 * (`resolveDbPath`) and `src/session/session.sql.ts`; not run here (the
 * CLI is not in the npm registry).
 *
 * @module
 */

import { basename, dirname, isAbsolute, join } from "node:path";
import type { UsageReader, UsageSource } from "../../usage/reader.ts";
import { listDatabases } from "../../usage/readers/_sqlite.ts";
import { homeContext } from "../paths.ts";
import { reader as opencode } from "../opencode/usage.ts";
import { mimoData } from "./home.ts";

/** The MiMoCode reader. */
export const reader: UsageReader = {
  ...opencode,
  id: "mimo-code",
  version: 1,
  sources(machine, list) {
    const named = machine.env.MIMOCODE_DB;
    if (named === ":memory:") return Promise.resolve([]);
    const out: UsageSource[] = [];
    for (const root of mimoData.all(homeContext(machine))) {
      if (named) {
        const file = isAbsolute(named) ? named : join(root, named);
        out.push(...listDatabases(dirname(file), (n) => n === basename(file), list));
      } else out.push(...listDatabases(root, (n) => /^mimocode(-.+)?\.db$/.test(n), list));
    }
    return Promise.resolve(out);
  },
};
