/**
 * The install-time warning for a relative path in a stdio server's
 * `command`, `args` or `cwd`: hosts start the server from their own working
 * folder (Claude Code: the project the user opens), not from the connector's
 * package, so `./dist/server.mjs` is written verbatim and not found there.
 * Each warning names the field and gives the absolute path to write instead
 * (or says that it does not exist next to the config either).
 *
 * @module
 */

import { existsSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import type { ResolvedConnector, ServerDef } from "../core/connector_types.ts";

/** An explicitly relative path: `./x`, `../x` (either separator), or a bare `.`/`..`. */
const RELATIVE = /^\.\.?(?:[/\\]|$)/;

/**
 * The warnings for `connector` loaded from `modulePath`: its server and each
 * host's `platforms.<id>.server` (only `platforms`' hosts when given).
 */
export function relativePathWarnings(
  connector: ResolvedConnector,
  modulePath: string,
  platforms?: readonly string[],
): string[] {
  const base = dirname(modulePath);
  const out = new Set<string>();
  // A resolved override holds the whole server, merged over the base one
  // (core/define_connector.ts), though its type is a Partial: a transport it
  // lacks is the base server's.
  const check = (
    server: Partial<ServerDef> | false | undefined,
    where: string,
    transport = server ? server.transport : undefined,
  ) => {
    if (!server || transport !== "stdio") return;
    const command = server.command ?? "";
    if (RELATIVE.test(command) || (/[/\\]/.test(command) && !isAbsolute(command))) {
      out.add(warning(`${where}.command`, command, base));
    }
    (server.args ?? []).forEach((arg, i) => {
      if (RELATIVE.test(arg)) out.add(warning(`${where}.args[${i}]`, arg, base));
    });
    if (server.cwd && !isAbsolute(server.cwd) && !server.cwd.includes("${")) {
      out.add(warning(`${where}.cwd`, server.cwd, base));
    }
  };
  check(connector.server, "server");
  for (const [id, override] of Object.entries(connector.platforms)) {
    if (platforms && !platforms.includes(id)) continue;
    const server = override?.server;
    if (server === undefined) continue;
    const inherited = connector.server ? connector.server.transport : undefined;
    check(server, `platforms.${id}.server`, server ? server.transport ?? inherited : undefined);
  }
  return [...out];
}

function warning(field: string, value: string, base: string): string {
  const absolute = resolve(base, value);
  const head = `${field}: ${JSON.stringify(value)} is a relative path, but hosts start the ` +
    "server from their own working folder — write ";
  return existsSync(absolute)
    ? `${head}the absolute path ${absolute}`
    : `${head}an absolute path (there is no ${absolute} either)`;
}
