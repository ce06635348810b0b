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
