/**
 * `upgrade` (aliases `update`, `sync`): bring everything current — re-render
 * the connector into every host (the self-heal path: unchanged entries are
 * `=`), refresh the home binary, and print how to update agent-connector
 * itself. It never updates anything on its own.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { boolFlag, parseCommandArgs, stringFlag } from "./_args.ts";
import { UsageError } from "./_errors.ts";
import { updateGuidance } from "./_update_guidance.ts";
import { secretWarnings } from "./_secret_warnings.ts";
import { loginRecords, loginWarnings } from "./_login_warnings.ts";
import { relativePathWarnings } from "./_path_warnings.ts";
import { renamedIdWarnings } from "./_renamed_warnings.ts";
import { PACKAGE_NAME } from "../core/version.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import { dataRoot } from "../io/data_root.ts";
import {
  assertConnectorRecordReadable,
  connectorRecordProblem,
  listConnectorIds,
  readConnectorRecord,
  unreadableConnectorIds,
} from "../io/connector_record.ts";
import { importConnector } from "../runtime/connector_module.ts";
import { installConnector, type PipelineResult, type RunOptions } from "../install/pipeline.ts";
import { currentLauncherTarget, ensureHomeBin } from "../install/home_bin.ts";
import { isRegistryEntry } from "../install/remote_entry.ts";
import {
  assertProjectFolder,
  INSTALL_FLAGS,
  isNotFound,
  loadForCommand,
  printResult,
  runOptionsOf,
} from "./_install_common.ts";
import { loadConnector } from "../io/load_connector.ts";
import { methodOf } from "./_method.ts";
import {
  configHostsOf,
  installByMarketplace,
  marketplaceHostsOf,
  marketplaceRows,
} from "../marketplace/engine.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector upgrade [--channel stable|latest] [--scope user|project] [--targets a,b]
                               [--connector <path>] [--project <dir>] [--dry-run] [--force] [--json]
       (aliases: update, sync)

Step 1 re-renders the connector into every target host — entries that are
already right print =, drifted ones are rewritten (self-heal). Without a local
connector config it re-renders every registered connector from its record.
Step 2 refreshes the home binary to this agent-connector and prints how to
update agent-connector itself; nothing is ever updated silently. A host that
has the connector as a plugin (install --method marketplace) gets the package
re-staged and reinstalled with its own command; --method direct or
--method marketplace limits the run to one kind.

Flags: as install, plus
  --channel stable|latest   which release line the update guidance names (default stable)

Example:
  agent-connector upgrade --dry-run
`;

function guidance(channel: string, machine: CliContext["machine"]): string | undefined {
  let target;
  try {
    target = currentLauncherTarget(machine);
  } catch {
    return undefined; // the home binary's warning above says why and what to run
  }
  if (!isRegistryEntry(target.entry)) return updateGuidance(target.entry, channel);
  return target.runtimeArgs.includes("--config")
    ? `To update agent-connector itself: raise the ${PACKAGE_NAME} version this CLI imports ` +
      `(now ${target.version}), then run upgrade again`
    : `To update agent-connector itself: deno run -A jsr:${PACKAGE_NAME}${
      channel === "latest" ? "@<version>" : ""
    }/main upgrade (the home binary pins the version that runs it)`;
}

/**
 * Re-renders every registered connector from its recorded module; its
 * secret warnings (as install prints them) go into `warnings`, its login
 * warning records into `logged`.
 */
async function rerenderRegistered(
  opts: RunOptions,
  warnings: string[],
  logged: ChangeRecord[],
): Promise<PipelineResult[]> {
  const root = dataRoot(opts.machine);
  const results: PipelineResult[] = unreadableConnectorIds(root).map((id) => ({
    connectorId: id,
    dryRun: opts.dryRun,
    changes: [{
      platform: "synthetic",
      action: "warn",
      detail: `${id}: cannot read ${connectorRecordProblem(root, id)}; not re-rendered`,
    }],
    warnings: [],
    failed: true,
    hosts: [],
  }));
  for (const id of listConnectorIds(root)) {
    const record = readConnectorRecord(root, id)!;
    let connector;
    try {
      connector = await importConnector(record.modulePath, record);
    } catch (error) {
      const detail = `${id}: cannot load ${record.modulePath} (${
        (error as Error).message
      }); not re-rendered`;
      results.push({
        connectorId: id,
        dryRun: opts.dryRun,
        changes: [{ platform: "synthetic", action: "warn", detail }],
        warnings: [],
        failed: true,
        hosts: [],
      });
      continue;
    }
    const rows = (record.installs ?? []).filter((row) =>
      !opts.targets || opts.targets.includes(row.platform as never)
    );
    if (rows.length > 0) {
      warnings.push(
        ...relativePathWarnings(connector, record.modulePath, opts.targets),
        ...await secretWarnings(connector, record.modulePath, opts.machine, opts.targets),
      );
    }
    const logins = rows.length > 0
      ? await loginWarnings(connector, opts.machine)
      : { once: [], perHostEntry: [] };
    const runs: PipelineResult[] = [];
    for (const row of rows) {
      runs.push(
        await installConnector({ connector, modulePath: record.modulePath }, {
          ...opts,
          scope: row.scope,
          projectDir: row.projectDir ?? opts.projectDir,
          targets: [row.platform as never],
        }),
      );
    }
    logged.push(...loginRecords(runs.flatMap((r) => r.hosts), logins));
    results.push(...runs);
  }
  return results;
}

/**
 * With no connector config at hand: each connector installed as a plugin is
 * loaded from the config module its plugin rows name and reinstalled through
 * the host's command (an unchanged package reports `=`).
 */
async function reinstallPlugins(opts: RunOptions): Promise<PipelineResult[]> {
  const results: PipelineResult[] = [];
  const rows = marketplaceRows(opts.machine).filter((r) =>
    !opts.targets || opts.targets.includes(r.host)
  );
  for (const id of [...new Set(rows.map((r) => r.connectorId))]) {
    const mine = rows.filter((r) => r.connectorId === id);
    const modulePath = mine.find((r) => r.modulePath)?.modulePath;
    const result: PipelineResult = {
      connectorId: id,
      dryRun: opts.dryRun,
      changes: [],
      warnings: [],
      failed: false,
      hosts: [],
    };
    try {
      if (!modulePath) throw new Error("no config module recorded");
      const loaded = await loadConnector({
        connectorPath: modulePath,
        projectDir: opts.projectDir,
      });
      const market = installByMarketplace(loaded, {
        machine: opts.machine,
        targets: mine.map((r) => r.host),
        dryRun: opts.dryRun,
        skipHomeBin: true,
      });
      result.changes.push(...market.changes);
      result.failed = market.failed;
    } catch (error) {
      result.failed = true;
      result.changes.push({
        platform: "synthetic",
        action: "warn",
        detail: `${id}: cannot load ${modulePath ?? "its config"} (${
          (error as Error).message
        }); its plugins are not reinstalled`,
      });
    }
    results.push(result);
  }
  return results;
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("upgrade", args, {
    ...INSTALL_FLAGS,
    channel: { type: "string" },
  });
  const method = methodOf(parsed, "upgrade", "auto");
  const channel = stringFlag(parsed, "channel") ?? "stable";
  if (channel !== "stable" && channel !== "latest") {
    throw new UsageError(`upgrade: --channel must be "stable" or "latest", got "${channel}"`);
  }
  assertProjectFolder(parsed, ctx, "upgrade");
  const opts = { ...runOptionsOf(parsed, ctx, "upgrade"), skipHomeBin: true };
  let bin: ChangeRecord;
  try {
    bin = ensureHomeBin({
      root: dataRoot(ctx.machine),
      os: ctx.machine.os,
      machine: ctx.machine,
      dryRun: opts.dryRun,
    });
  } catch (error) {
    bin = {
      platform: "synthetic",
      action: "warn",
      detail: `home binary not refreshed: ${(error as Error).message}`,
    };
  }
  let results: PipelineResult[];
  // A secret the server needs but nobody stored is reported as install does.
  const secrets: string[] = [];
  // Login warnings: once per unset secret, then per host entry written.
  const logged: ChangeRecord[] = [];
  try {
    const loaded = await loadForCommand(parsed, ctx, opts.projectDir);
    assertConnectorRecordReadable(dataRoot(ctx.machine), loaded.connector.id);
    secrets.push(
      ...renamedIdWarnings(loaded.connector.id, loaded.modulePath, ctx.machine, ctx.brand.name),
      ...relativePathWarnings(loaded.connector, loaded.modulePath, opts.targets),
      ...await secretWarnings(loaded.connector, loaded.modulePath, ctx.machine, opts.targets),
    );
    const logins = await loginWarnings(loaded.connector, ctx.machine);
    // Each host follows the method it was installed with.
    const plugins = marketplaceHostsOf(ctx.machine, loaded.connector.id)
      .filter((h) => !opts.targets || opts.targets.includes(h));
    // A connector only installed as plugins gets no config install from detection.
    const pluginsOnly = !opts.targets && plugins.length > 0 &&
      configHostsOf(ctx.machine, loaded.connector.id).length === 0;
    const result: PipelineResult = method === "marketplace" || pluginsOnly
      ? {
        connectorId: loaded.connector.id,
        dryRun: opts.dryRun,
        changes: [],
        warnings: [],
        failed: false,
        hosts: [],
      }
      : await installConnector(loaded, { ...opts, exclude: plugins });
    if (method !== "direct" && plugins.length) {
      const market = installByMarketplace(loaded, {
        machine: ctx.machine,
        targets: plugins,
        dryRun: opts.dryRun,
        skipHomeBin: true,
      });
      result.changes.push(...market.changes);
      result.failed ||= market.failed;
    }
    logged.push(...loginRecords(result.hosts, logins));
    results = [result];
  } catch (error) {
    if (!isNotFound(error) || stringFlag(parsed, "connector")) throw error;
    results = await rerenderRegistered(opts, secrets, logged);
    results.push(...await reinstallPlugins(opts));
  }
  const merged: PipelineResult = {
    connectorId: results.map((r) => r.connectorId).join(","),
    dryRun: opts.dryRun,
    changes: [bin, ...results.flatMap((r) => r.changes)],
    warnings: [],
    failed: bin.action === "warn" || results.some((r) => r.failed),
    hosts: results.flatMap((r) => r.hosts),
  };
  const code = printResult(merged, parsed, ctx, secrets, logged);
  if (!boolFlag(parsed, "json")) {
    const line = guidance(channel, ctx.machine);
    if (line) ctx.stdout.write(`${line}\n`);
  }
  return code;
}
