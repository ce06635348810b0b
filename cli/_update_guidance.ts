/**
 * The line `upgrade` prints on how to update agent-connector itself, for the
 * way the running copy was installed: a project's dependency (the usual case
 * for an MCP developer), a global npm install, a copy npx fetched, or a
 * checkout. Nothing is run: the user decides.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_NAME } from "../core/version.ts";

/**
 * What to run to update the copy whose CLI entry is `entry`; `channel`
 * `latest` names the `next` dist-tag, anything else `latest`.
 */
export function updateGuidance(entry: string, channel: string): string {
  const dist = channel === "latest" ? "next" : "latest";
  const head = "To update agent-connector itself";
  if (/[\\/]_npx[\\/]/.test(entry)) return `${head}: npx -y ${PACKAGE_NAME}@${dist} upgrade`;
  const at = entry.search(/[\\/]node_modules[\\/]/);
  if (at === -1) {
    const checkout = entry.replace(/[\\/]cli[\\/][^\\/]+$/, "");
    return `${head}, update the checkout in ${checkout}, then run upgrade again`;
  }
  // A project has a package.json beside its node_modules; a global prefix
  // (/usr/lib, %APPDATA%\npm) has none.
  const owner = entry.slice(0, at);
  return existsSync(join(owner, "package.json"))
    ? `${head}: npm i ${PACKAGE_NAME}@${dist} in ${owner}, then run \`npx agent-connector upgrade\` there`
    : `${head}: npm i -g ${PACKAGE_NAME}@${dist}, then run \`agent-connector upgrade\``;
}

/**
 * The note install prints when the home launcher would run a copy that can
 * vanish under it: one project's `node_modules` (moved, deleted or
 * reinstalled with the project) or npx's cache (pruned at will). Every host's
 * server and hooks go through that launcher. A global install, a checkout or
 * a registry URL is stable: no note.
 */
export function unstableEntryNote(entry: string, cliName = "agent-connector"): string | undefined {
  const fix = `install ${PACKAGE_NAME} globally (npm i -g ${PACKAGE_NAME}) and run ` +
    `\`${cliName} upgrade\` from there, or run \`${cliName} doctor --heal\` after moving it`;
  if (/[\\/]_npx[\\/]/.test(entry)) {
    return `the home launcher runs agent-connector from npx's cache (${entry}), which npm may ` +
      `prune; hosts' servers and hooks then fail — ${fix}`;
  }
  const at = entry.search(/[\\/]node_modules[\\/]/);
  if (at === -1) return undefined;
  const owner = entry.slice(0, at);
  if (!existsSync(join(owner, "package.json"))) return undefined; // a global prefix
  return `the home launcher runs agent-connector from ${owner}/node_modules; moving or ` +
    `deleting that folder breaks every host's server and hooks — ${fix}`;
}
