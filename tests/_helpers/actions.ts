/**
 * The `acme-actions` fixture connector with its `open-dashboard` action
 * taken out, written beside a test box, for the end-to-end tests that check
 * an action the connector no longer declares loses its host entry.
 *
 * @module
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fixtureConnector } from "./seeded_box.ts";
import { REPO } from "./runtime.ts";

/** Writes the one-action connector into `dir` and returns its config file. */
export function oneActionConnector(dir: string): string {
  const file = join(dir, "one-action.config.mjs");
  writeFileSync(
    file,
    readFileSync(join(fixtureConnector("acme-actions"), "agent-connector.config.mjs"), "utf8")
      .replace("../../../../mod.ts", pathToFileURL(join(REPO, "mod.ts")).href)
      .replace(/\{\s*id: "open-dashboard"[\s\S]*?\n {4}\},\n/, ""),
  );
  return file;
}
