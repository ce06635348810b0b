/**
 * `deno task docs:capabilities`: writes docs/capabilities.md, the capability
 * table (sdk/_capability_table.ts), from the host descriptors and the lab's
 * results (docs/real-hosts.md, read by `build:hosts`). The file is
 * documentation a reader needs in the repository, so it is committed;
 * tests/capabilities_doc_test.ts fails when it is stale.
 *
 * Usage: `deno run -A scripts/gen_capabilities.ts [--check]` (`--check`
 * writes nothing and exits 1 when the file differs).
 *
 * @module
 */

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { capabilityMatrix, renderCapabilityTable } from "../sdk/_capability_table.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the table is written, relative to the repository. */
export const CAPABILITIES_DOC = "docs/capabilities.md";

/** The text docs/capabilities.md should hold. */
export async function capabilitiesText(): Promise<string> {
  return renderCapabilityTable(await capabilityMatrix());
}

if (import.meta.main) {
  const out = join(ROOT, CAPABILITIES_DOC);
  const text = await capabilitiesText();
  const old = existsSync(out) ? readFileSync(out, "utf8") : undefined;
  if (process.argv.includes("--check")) {
    if (old !== text) {
      console.error(`${CAPABILITIES_DOC} is stale: run "deno task docs:capabilities"`);
      process.exit(1);
    }
  } else if (old !== text) {
    writeFileSync(out, text);
    console.log(`wrote ${out}`);
  }
}
