/**
 * `uninstall`: remove everything the connector wrote, byte-exactly, from
 * every host it was installed into — from the registered record, so it
 * works when the connector module is gone.
 *
 * @module
 */

import { existsSync, rmdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { CliContext } from "./_context.ts";
import { boolFlag, parseCommandArgs, scopeFlag, SHARED_FLAGS, stringFlag } from "./_args.ts";
import { CliError } from "./_errors.ts";
import type { ResolvedConnector } from "../core/connector_types.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import { connectorDir, dataRoot } from "../io/data_root.ts";
import {
  assertConnectorRecordReadable,
  listConnectorIds,
  readConnectorRecord,
} from "../io/connector_record.ts";
import { importConnector } from "../runtime/connector_module.ts";
import { uninstallConnector, uninstallRows } from "../install/pipeline.ts";
import { purgeConnector } from "../install/connector_state.ts";
import { homeBinPath } from "../install/home_bin.ts";
import { pruneLocalEntries } from "../install/local_entry.ts";
import { isNotFound, loadForCommand, printResult, runOptionsOf } from "./_install_common.ts";
import { methodOf } from "./_method.ts";
import { marketplaceRows, removeByMarketplace } from "../marketplace/engine.ts";
import type { HostId } from "../core/platform_types.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector uninstall [<id> | --connector-id <id>] [--connector <path>]
                                 [--scope user|project] [--targets a,b] [--project <dir>]
                                 [--method direct|marketplace|auto] [--purge]
                                 [--dry-run] [--json]

Removes the connector's configPatch keys (only when it is their last owner and
the value is unchanged), memory blocks, content files, hooks and MCP server
entries from every host it was installed into, using the registered record —
it works even when the connector module is gone. Files you changed are left
in place with a warning; every byte that is not ours stays as it was. A
host where it was installed as a plugin (install --method marketplace) has it
removed with the host's own command.

Flags:
  --connector-id <id>    the registered connector (default: the local config's id)
  --connector <path>     the connector config, to find the id
  --scope user|project   only this scope (default: every recorded install)
  --targets a,b          only these hosts
  --project <dir>        the project for project scope (default: the current directory)
  --method <m>           auto (default): whichever way each host has it;
                         direct (alias config): config entries only;
                         marketplace: plugins only
  --purge                also delete the connector's framework state, and the home
                         binary when no connector is left (with nothing registered
                         and no config here, only the home binary is removed)
  --dry-run              show the changes; write nothing
  --json                 print the InstallResult as JSON

Example:
  agent-connector uninstall --connector-id acme-db --purge
`;

async function resolveId(
  parsed: ReturnType<typeof parseCommandArgs>,
  ctx: CliContext,
  projectDir: string,
): Promise<{ id: string; connector?: ResolvedConnector }> {
  const id = stringFlag(parsed, "connector-id") ?? parsed.positionals[0];
  if (id) return { id };
  const loaded = await loadForCommand(parsed, ctx, projectDir).catch((error) => {
    throw new CliError(`${error.message} — or name the connector with --connector-id <id>`);
  });
  return { id: loaded.connector.id, connector: loaded.connector };
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("uninstall", args, {
    ...SHARED_FLAGS,
    "connector-id": { type: "string" },
    purge: { type: "boolean" },
    method: { type: "string" },
  }, { max: 1, names: "<id>" });
  const method = methodOf(parsed, "uninstall", "auto");
  const opts = runOptionsOf(parsed, ctx, "uninstall");
  const root = dataRoot(ctx.machine);
  const purging = boolFlag(parsed, "purge");
  let resolved;
  try {
    resolved = await resolveId(parsed, ctx, opts.projectDir);
  } catch (error) {
    // Nothing registered and no config here: `--purge` still removes what
    // the framework itself left (e.g. the home binary an `upgrade` wrote).
    if (!purging || !isNotFound(error) || listConnectorIds(root).length > 0) throw error;
    const changes = opts.dryRun ? [] : purge(root, undefined, ctx);
    return printResult(
      { connectorId: "", dryRun: opts.dryRun, changes, warnings: [], failed: false, hosts: [] },
      parsed,
      ctx,
    );
  }
  let { id, connector } = resolved;
  assertConnectorRecordReadable(root, id);
  const record = readConnectorRecord(root, id);
  if (!connector && record?.modulePath) {
    connector = await importConnector(record.modulePath, record).catch(() => undefined);
  }
  const market = method === "direct" ? undefined : removeByMarketplace(id, {
    machine: ctx.machine,
    targets: opts.targets as HostId[] | undefined,
    dryRun: opts.dryRun,
  });
  const rows = method === "marketplace" ? [] : await uninstallRows(id, {
    ...opts,
    scopeGiven: scopeFlag(parsed, "uninstall") !== undefined,
  });
  const result = await uninstallConnector(id, connector, rows, opts);
  if (market) {
    result.changes.unshift(...market.changes);
    result.failed ||= market.failed;
  }
  if (!record && result.changes.length === 0) {
    ctx.stderr.write(
      `${ctx.brand.name}: nothing of connector "${id}" is registered or found in any host — ` +
        `check the id (\`${ctx.brand.name} status\` lists the installed ones)\n`,
    );
  }
  if (purging && !opts.dryRun && !result.failed) {
    result.changes.push(...purge(root, id, ctx));
  }
  return printResult(result, parsed, ctx);
}

function purge(root: string, id: string | undefined, ctx: CliContext): ChangeRecord[] {
  const out: ChangeRecord[] = [];
  if (id !== undefined && existsSync(connectorDir(root, id))) {
    purgeConnector(root, id);
    out.push({
      platform: "synthetic",
      action: "remove",
      detail: `framework state of ${id} purged`,
    });
  }
  // A connector installed only as a plugin has no record, but its launcher runs the home binary.
  if (listConnectorIds(root).length === 0 && marketplaceRows(ctx.machine).length === 0) {
    const bin = homeBinPath(root, ctx.machine.os);
    try {
      rmSync(bin);
      out.push({
        platform: "synthetic",
        action: "remove",
        path: bin,
        detail: "home binary removed (no connector left)",
      });
    } catch { /* already gone */ }
    // A JSR install's copy of its hook entry (install/local_entry.ts), and lib/ once empty.
    for (const path of pruneLocalEntries(root)) {
      out.push({
        platform: "synthetic",
        action: "remove",
        path,
        detail: "hook entry copy removed (no connector left)",
      });
    }
    // The Node hook's V8 code cache belongs to the home binary's entry.
    const codeCache = join(root, "cache", "node");
    if (existsSync(codeCache)) {
      rmSync(codeCache, { recursive: true, force: true });
      out.push({
        platform: "synthetic",
        action: "remove",
        path: codeCache,
        detail: "hook code cache removed (no connector left)",
      });
    }
    // The framework's own folders, once nothing is left in them; backups,
    // telemetry and anything else stay.
    for (const dir of ["bin", "connectors", "state", "cache"]) {
      try {
        rmdirSync(join(root, dir));
      } catch { /* not empty, or gone */ }
    }
  }
  return out;
}
