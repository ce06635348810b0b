/**
 * `--method direct|config|marketplace|auto` of install, upgrade and
 * uninstall (spec §3 `install`): which hosts get the connector by config
 * (the install pipeline) and which through the host's own plugin command
 * (marketplace/engine.ts), with the dual-method guard applied either way.
 *
 * @module
 */

import { type ParsedArgs, stringFlag } from "./_args.ts";
import { UsageError } from "./_errors.ts";
import type { ChangeRecord, HostId } from "../core/platform_types.ts";
import type { PipelineResult, RunOptions } from "../install/pipeline.ts";
import { loadAllAdapters } from "../adapters/registry.ts";
import { detectHosts } from "../install/detect.ts";
import {
  canDrive,
  configHostsOf,
  marketplaceHostsOf,
  type MarketplaceResult,
} from "../marketplace/engine.ts";
import { drivableHosts } from "../marketplace/drivers.ts";

/** How a command installs: by config, through the host's plugin command, or each host its way. */
export type Method = "direct" | "marketplace" | "auto";

/** The `--method` lines of install's and upgrade's help. */
export const METHOD_HELP: string = `  --method direct|marketplace|auto
                         direct (alias config, the default): write host config
                         files; marketplace: install the packaged plugin with
                         the host's own command — claude-code, codex,
                         copilot-cli, droid, gemini-cli, qwen-code;
                         auto: marketplace where that host's CLI is on PATH,
                         else direct — a host keeps the method it has`;

/** `--method`, `config` read as `direct`; `fallback` when absent. */
export function methodOf(parsed: ParsedArgs, command: string, fallback: Method): Method {
  const method = stringFlag(parsed, "method");
  if (method === undefined) return fallback;
  if (method === "config") return "direct";
  if (method === "direct" || method === "marketplace" || method === "auto") return method;
  throw new UsageError(
    `${command}: --method must be direct, config, marketplace or auto, got "${method}"`,
  );
}

/** The hosts a run without --targets acts on: every detected one. */
async function detected(opts: RunOptions): Promise<HostId[]> {
  const { home, env, os } = opts.machine;
  const all = await loadAllAdapters();
  return detectHosts(all, opts.scope, { home, env, os, projectDir: opts.projectDir })
    .filter((d) => d.installed).map((d) => d.id as HostId);
}

/** Which hosts go which way. */
export interface MethodSplit {
  /** Hosts for the plugin command. */
  marketplace: HostId[];
  /** Run options for the config pipeline (targets narrowed, plugin hosts excluded), or none. */
  direct?: RunOptions;
  /** Refusals and notes. */
  records: ChangeRecord[];
  /** True when a host asked for cannot take the method. */
  failed: boolean;
}

/**
 * Splits the targets of an install or upgrade of `connectorId` by method,
 * refusing a host that has the connector by the other method (the guard).
 */
export async function splitByMethod(
  method: Method,
  connectorId: string,
  opts: RunOptions,
  command: string,
): Promise<MethodSplit> {
  const plugins = marketplaceHostsOf(opts.machine, connectorId);
  const configs = configHostsOf(opts.machine, connectorId);
  const records: ChangeRecord[] = [];
  let failed = false;
  if (method === "direct") {
    const clash = (opts.targets ?? []).filter((h) => plugins.includes(h as HostId));
    for (const host of clash) {
      failed = true;
      records.push({
        platform: host,
        action: "warn",
        detail: `${connectorId} is installed in ${host} as a plugin; config entries too would ` +
          `run its server and hooks twice — run \`uninstall --method marketplace --targets ` +
          `${host}\` first, or use --method marketplace`,
      });
    }
    const targets = opts.targets?.filter((h) => !clash.includes(h));
    if (opts.targets && targets!.length === 0) return { marketplace: [], records, failed };
    return { marketplace: [], direct: { ...opts, targets, exclude: plugins }, records, failed };
  }
  if (opts.scope !== "user") {
    throw new UsageError(
      `${command}: --method ${method} installs plugins for the user only; drop --scope project`,
    );
  }
  if (method === "marketplace") {
    const targets = opts.targets as HostId[] | undefined ??
      drivableHosts().filter((h) => canDrive(h, opts.machine));
    if (!opts.targets && targets.length === 0) {
      records.push({
        platform: "unknown",
        action: "warn",
        detail: `no host with a plugin command is on PATH (${
          drivableHosts().join(", ")
        }); pass --targets to stage the package and print the commands`,
      });
      failed = true;
    }
    return { marketplace: targets, records, failed };
  }
  const hosts = opts.targets as HostId[] | undefined ?? await detected(opts);
  const marketplace = hosts.filter((h) =>
    plugins.includes(h) || (!configs.includes(h) && canDrive(h, opts.machine))
  );
  const rest = hosts.filter((h) => !marketplace.includes(h));
  return {
    marketplace,
    direct: rest.length ? { ...opts, targets: rest } : undefined,
    records,
    failed,
  };
}

/** One result from the config pipeline's and the plugin command's. */
export function mergeResults(
  connectorId: string,
  dryRun: boolean,
  split: MethodSplit,
  direct: PipelineResult | undefined,
  market: MarketplaceResult | undefined,
): PipelineResult {
  return {
    connectorId,
    dryRun,
    changes: [...split.records, ...(direct?.changes ?? []), ...(market?.changes ?? [])],
    warnings: direct?.warnings ?? [],
    failed: split.failed || (direct?.failed ?? false) || (market?.failed ?? false),
    hosts: direct?.hosts ?? [],
  };
}
