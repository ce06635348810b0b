/**
 * `action <platform> <actionId> --connector <id> [args…]`: runs a
 * connector's user-triggered action (spec §2.6). Exit 1 with the reason on
 * stderr for an unknown id or a failing run.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import type { CliContext } from "./_context.ts";
import { parseCommandArgs, stringFlag } from "./_args.ts";
import { CliError } from "./_errors.ts";
import { dataRoot } from "../io/data_root.ts";
import { isHostId } from "../core/platform_types.ts";
import { loadRegisteredConnector } from "../runtime/connector_module.ts";
import { runAction } from "../runtime/action.ts";
import type { ConnectorRef } from "./_connector_ref.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector action <platform> <actionId> --connector <id> [args…]

Runs a named action of a registered connector for a host and prints its
message. Unlike hooks, actions report failures: an unknown action id or a
failing run exits 1 with the reason on stderr.

Flags:
  --connector <id>   the registered connector (default: the branded CLI's own, the
                     config in the current directory, or the only registered one)

Example:
  agent-connector action claude-code refresh-schema --connector acme-db
`;

/**
 * The help with an example of the connector at hand — the branded CLI's, or
 * the config in the working directory — and the action ids it declares.
 */
export async function helpFor(ctx: CliContext): Promise<string> {
  const connectorPath = ctx.brand.connectorPath;
  const connector = (await connectorAtHand(ctx))?.connector;
  if (!connector) return help;
  const [first] = connector.actions;
  const flag = connectorPath ? "" : ` --connector ${connector.id}`;
  const example = first
    ? `Example:\n  agent-connector action claude-code ${first.id}${flag}\n\n` +
      `Actions of ${connector.id}: ${connector.actions.map((a) => a.id).join(", ")}\n`
    : `${connector.id} declares no actions.\n`;
  return help.slice(0, help.indexOf("Example:")) + example;
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("action", args, { connector: { type: "string" } }, {
    min: 2,
    names: "<platform> <actionId>",
  });
  const [platform, actionId, ...rest] = parsed.positionals;
  // Hosts always pass --connector; only a person typing the command needs the lookup.
  const id = stringFlag(parsed, "connector") ?? (await connectorAtHand(ctx))?.id;
  if (!id) {
    throw new CliError(
      "action: no connector resolved — pass --connector <id>, or run it in a folder with " +
        "agent-connector.config.*",
    );
  }
  if (!isHostId(platform)) throw new CliError(`action: unknown platform "${platform}"`);
  const readText = (path: string) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  };
  const sep = ctx.machine.os === "win32" ? "\\" : "/";
  const loaded = await loadRegisteredConnector(dataRoot(ctx.machine), id, readText, sep).catch(
    (error) => {
      throw new CliError(`action: cannot load connector "${id}": ${error.message ?? error}`);
    },
  );
  if (!loaded) {
    throw new CliError(
      `action: connector "${id}" is not registered under ${
        dataRoot(ctx.machine)
      } — run its install first`,
    );
  }
  const result = await runAction({
    connector: loaded.connector,
    platform,
    actionId,
    args: rest,
    cwd: ctx.machine.cwd,
  });
  if (result.stdout) ctx.stdout.write(result.stdout);
  if (result.stderr) ctx.stderr.write(result.stderr);
  return result.exitCode;
}

/** The branded CLI's connector, else the config in the working directory, else the only registered one. */
async function connectorAtHand(ctx: CliContext): Promise<ConnectorRef | undefined> {
  const [{ resolveConnectorRef }, { loadConnector }] = await Promise.all([
    import("./_connector_ref.ts"),
    import("../io/load_connector.ts"),
  ]);
  return resolveConnectorRef({
    connectorPath: ctx.brand.connectorPath,
    machine: ctx.machine,
    load: loadConnector,
  });
}
