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

/** Help text. */
export const help: string =
  `Usage: agent-connector action <platform> <actionId> --connector <id> [args…]

Runs a named action of a registered connector for a host and prints its
message. Unlike hooks, actions report failures: an unknown action id or a
failing run exits 1 with the reason on stderr.

Flags:
  --connector <id>   the registered connector (required)

Example:
  agent-connector action claude-code refresh-schema --connector acme-db
`;

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("action", args, { connector: { type: "string" } }, {
    min: 2,
    names: "<platform> <actionId>",
  });
  const [platform, actionId, ...rest] = parsed.positionals;
  const id = stringFlag(parsed, "connector");
  if (!id) throw new CliError("action: --connector <id> is required");
  if (!isHostId(platform)) throw new CliError(`action: unknown platform "${platform}"`);
  const readText = (path: string) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  };
  const sep = ctx.host.os === "win32" ? "\\" : "/";
  const loaded = await loadRegisteredConnector(dataRoot(ctx.host), id, readText, sep).catch(
    (error) => {
      throw new CliError(`action: cannot load connector "${id}": ${error.message ?? error}`);
    },
  );
  if (!loaded) {
    throw new CliError(
      `action: connector "${id}" is not registered under ${
        dataRoot(ctx.host)
      } — run its install first`,
    );
  }
  const result = await runAction({
    connector: loaded.connector,
    platform,
    actionId,
    args: rest,
    cwd: ctx.host.cwd,
  });
  if (result.stdout) ctx.stdout.write(result.stdout);
  if (result.stderr) ctx.stderr.write(result.stderr);
  return result.exitCode;
}
