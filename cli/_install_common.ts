/**
 * What install, upgrade, uninstall, doctor and status share: their flags,
 * the project and target arguments, loading the connector, and printing a
 * pipeline result.
 *
 * @module
 */

import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { CliContext } from "./_context.ts";
import {
  boolFlag,
  type FlagSpec,
  listFlag,
  type ParsedArgs,
  scopeFlag,
  SHARED_FLAGS,
  stringFlag,
} from "./_args.ts";
import { CliError, UsageError } from "./_errors.ts";
import { type ChangeRecord, isHostId, type PlatformId } from "../core/platform_types.ts";
import { loadConnector, type LoadedConnector } from "../io/load_connector.ts";
import { formatInstallResult, formatInstallResultJson } from "../core/change_records.ts";
import type { PipelineResult, RunOptions } from "../install/pipeline.ts";

/** The flags install and upgrade take. */
export const INSTALL_FLAGS: FlagSpec = {
  ...SHARED_FLAGS,
  force: { type: "boolean" },
  method: { type: "string" },
};

/** The project dir: `--project`, resolved against cwd, else cwd. */
export function projectDirOf(parsed: ParsedArgs, ctx: CliContext): string {
  return resolve(ctx.machine.cwd, stringFlag(parsed, "project") ?? ".");
}

/**
 * For the commands that write into the project (install, upgrade): a
 * `--project` that is not an existing folder is a usage error, so a typo
 * never becomes a new folder holding host config files.
 */
export function assertProjectFolder(parsed: ParsedArgs, ctx: CliContext, command: string): void {
  if (stringFlag(parsed, "project") === undefined) return;
  const dir = projectDirOf(parsed, ctx);
  let folder = false;
  try {
    folder = statSync(dir).isDirectory();
  } catch { /* missing */ }
  if (!folder) {
    throw new UsageError(`${command}: --project "${dir}" is not a folder — check the path`);
  }
}

/** `--targets`, each checked to be a host id. */
export function targetsOf(parsed: ParsedArgs, command: string): PlatformId[] | undefined {
  const list = listFlag(parsed, "targets");
  if (!list) return undefined;
  for (const id of list) {
    if (!isHostId(id)) {
      throw new UsageError(`${command}: unknown target "${id}" (see "detect" for host ids)`);
    }
  }
  return list as PlatformId[];
}

/** The run options of an install-like command. */
export function runOptionsOf(parsed: ParsedArgs, ctx: CliContext, command: string): RunOptions {
  return {
    machine: ctx.machine,
    projectDir: projectDirOf(parsed, ctx),
    scope: scopeFlag(parsed, command) ?? "user",
    targets: targetsOf(parsed, command),
    dryRun: boolFlag(parsed, "dry-run"),
    force: boolFlag(parsed, "force"),
  };
}

/** Loads the connector: `--connector`, the branded CLI's binding, or discovery from the project. */
export async function loadForCommand(
  parsed: ParsedArgs,
  ctx: CliContext,
  projectDir: string,
): Promise<LoadedConnector> {
  try {
    return await loadConnector({
      connectorPath: stringFlag(parsed, "connector") ?? ctx.brand.connectorPath,
      projectDir,
      cwd: ctx.machine.cwd,
    });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

/** True when no connector can be found (used by commands that work without one). */
export function isNotFound(error: unknown): boolean {
  return error instanceof CliError && /^No agent-connector\.config/.test(error.message);
}

/**
 * Prints a pipeline result as lines or JSON; returns its exit code (1 when it
 * failed or anything extra is a warning). `extraRecords` (`warn` records the
 * command adds, e.g. a login not present on a host entry) follow the run's.
 */
export function printResult(
  result: PipelineResult,
  parsed: ParsedArgs,
  ctx: CliContext,
  extraWarnings: string[] = [],
  extraRecords: ChangeRecord[] = [],
): number {
  const plain = {
    connectorId: result.connectorId,
    dryRun: result.dryRun,
    changes: [...result.changes, ...extraRecords],
    warnings: [...result.warnings, ...extraWarnings],
  };
  ctx.stdout.write(
    boolFlag(parsed, "json")
      ? formatInstallResultJson(plain)
      : formatInstallResult(plain, { home: ctx.machine.home, dryRun: result.dryRun }),
  );
  return result.failed || extraWarnings.length || extraRecords.length ? 1 : 0;
}
