/**
 * Kilo Code, the VS Code extension (`kilocode.kilo-code`). From 7.x it runs
 * the Kilo CLI's backend (with `KILO_PLATFORM=vscode`), so it reads the
 * CLI's files: the Kilo preset (adapters/kilo_cli/family.ts) with the
 * extension's own markers. Both Kilo hosts write the same bytes to the same
 * files, so installing one after the other changes nothing and each keeps
 * its claim until its own uninstall.
 *
 * - Detection: the extension's VS Code global storage folder
 *   (`<VS Code user folder>/globalStorage/kilocode.kilo-code`). A project's
 *   `.kilo/` counts for the CLI.
 * - MCP: the 7.x backend reads `mcp` in `~/.config/kilo/kilo.json(c)`; it
 *   skips the legacy extension's `globalStorage/…/settings/mcp_settings.json`
 *   when it runs as the extension (Kilo 7.7.7: legacy MCP servers load only
 *   when `KILO_PLATFORM` is not `vscode`), so that file is not written.
 * - Usage: the extension's sessions are in the backend's `kilo.db`, read as
 *   Kilo CLI's (one store; a second reader would count them twice).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { appConfig } from "../paths.ts";
import { kiloFamily } from "../kilo_cli/family.ts";

/** The Kilo Code extension's global storage folder. */
const storage = appConfig("Code", "User", "globalStorage", "kilocode.kilo-code");

/** The Kilo Code (VS Code extension) adapter. */
export const adapter: HostAdapter = defineHost(fork(
  kiloFamily("kilo", "Kilo Code"),
  { factsFrom: "source", detect: { user: [storage], project: [] } },
));
