/**
 * The install pipeline (DESIGN §3): resolve targets → per host and scope,
 * plan the native entries (pure) → the write engine applies them →
 * ChangeRecords. Install, upgrade and uninstall differ only in the plan.
 *
 * Exit semantics: `failed` is true when something the user asked for could
 * not be done — a conflict or unreadable file the engine reports, or a
 * host named in `--targets` that has no adapter. What a host simply cannot
 * take (a surface, an event, a field) is a reported `!` that does not fail.
 *
 * @module
 */

import { existsSync } from "node:fs";
import type { ResolvedConnector } from "../core/connector_types.ts";
import type { ChangeRecord, HostId, InstallResult, PlatformId } from "../core/platform_types.ts";
import { platformOverride } from "../core/overrides.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { dataRoot } from "../io/data_root.ts";
import { type InstallRow, readConnectorRecord } from "../io/connector_record.ts";
import { type Ledgers, loadLedgers } from "../io/ledgers.ts";
import { VERSION } from "../core/version.ts";
import type { HostAdapter, Probe, ScopeName } from "../adapters/descriptor.ts";
import { loadAdapter, loadAllAdapters } from "../adapters/registry.ts";
import { withLock } from "../io/lock.ts";
import { applyEdits } from "./apply.ts";
import { rollBack } from "./journal.ts";
import { diskProbe, type InstallContext } from "./context.ts";
import { detectHosts } from "./detect.ts";
import { ensureHomeBin, homeBinPath } from "./home_bin.ts";
import { planInstall, planUninstall } from "./plan.ts";
import { type PeerClaims, peerWants } from "./_peers.ts";
import { recordInstall, recordUninstall } from "./connector_state.ts";

/** What every pipeline run needs. */
export interface RunOptions {
  /** The machine. */
  machine: MachineEnv;
  /** The project dir (absolute). */
  projectDir: string;
  /** The scope asked for. */
  scope: ScopeName;
  /** `--targets`, already validated as host ids. */
  targets?: PlatformId[];
  /** Compute records without writing. */
  dryRun: boolean;
  /** Overwrite user-edited managed blocks. */
  force: boolean;
  /** Disk probe (tests inject one). */
  probe?: Probe;
  /** Leave the home binary alone (upgrade refreshes it once, itself). */
  skipHomeBin?: boolean;
  /** Hosts left out: the connector is installed there as a plugin (marketplace/engine.ts). */
  exclude?: readonly PlatformId[];
}

/** One host and scope of a run. */
export interface HostRun {
  /** The host. */
  platform: HostId;
  /** The scope written. */
  scope: ScopeName;
  /** The project, for project scope. */
  projectDir?: string;
  /** What happened. */
  records: ChangeRecord[];
}

/** What a run did. */
export interface PipelineResult extends InstallResult {
  /** True when something asked for could not be done (exit 1). */
  failed: boolean;
  /** Per host and scope. */
  hosts: HostRun[];
}

function pathCtx(opts: RunOptions, projectDir = opts.projectDir) {
  const { home, env, os } = opts.machine;
  return { home, env, os, projectDir };
}

function contextFor(opts: RunOptions, scope: ScopeName, projectDir?: string): InstallContext {
  const root = dataRoot(opts.machine);
  return {
    ...pathCtx(opts, projectDir),
    scope,
    dataRoot: root,
    homeBin: homeBinPath(root, opts.machine.os),
    dryRun: opts.dryRun,
    force: opts.force,
    probe: opts.probe ?? diskProbe,
  };
}

function warn(platform: PlatformId, detail: string): ChangeRecord {
  return { platform, action: "warn", detail };
}

/** The hosts to install into, with records for those that cannot be. */
async function resolveTargets(
  connector: ResolvedConnector,
  opts: RunOptions,
): Promise<{ adapters: HostAdapter[]; notes: ChangeRecord[]; failed: boolean }> {
  const found = await resolveAllTargets(connector, opts);
  const exclude = opts.exclude ?? [];
  if (!exclude.length) return found;
  return { ...found, adapters: found.adapters.filter((a) => !exclude.includes(a.id)) };
}

async function resolveAllTargets(
  connector: ResolvedConnector,
  opts: RunOptions,
): Promise<{ adapters: HostAdapter[]; notes: ChangeRecord[]; failed: boolean }> {
  const explicit = opts.targets ?? (connector.targets === "auto" ? undefined : connector.targets);
  if (explicit) {
    const adapters: HostAdapter[] = [];
    const notes: ChangeRecord[] = [];
    for (const id of explicit) {
      const adapter = await loadAdapter(id);
      if (adapter) adapters.push(adapter);
      else {notes.push(
          warn(id, `no ${id} adapter in this version of agent-connector; nothing installed there`),
        );}
    }
    return { adapters, notes, failed: opts.targets !== undefined && notes.length > 0 };
  }
  const all = await loadAllAdapters();
  const found = detectHosts(all, opts.scope, pathCtx(opts)).filter((d) => d.installed);
  const adapters = all.filter((a) => found.some((d) => d.id === a.id));
  if (adapters.length) return { adapters, notes: [], failed: false };
  return {
    adapters,
    notes: [warn("unknown", "no supported host detected; pass --targets <ids> to install anyway")],
    failed: true,
  };
}

/** The scope used on `adapter`: `platforms[id].scope` when set, else the run's. */
function scopeOn(connector: ResolvedConnector | undefined, adapter: HostAdapter, scope: ScopeName) {
  const forced = connector ? platformOverride(connector, adapter.id).scope : undefined;
  if (!forced) return { scope };
  if (forced === "user" || forced === "project") return { scope: forced };
  return { scope, unsupported: forced };
}

/**
 * A dry run writes no ledger, so its hosts share one in memory: a second
 * host then sees the claims the first released or added, as it would for
 * real ("removed" for the last reader of a shared file, not "kept").
 */
function dryRunLedgers(opts: RunOptions, connectorId: string): Ledgers | undefined {
  return opts.dryRun ? loadLedgers(dataRoot(opts.machine), connectorId) : undefined;
}

async function runHost(
  adapter: HostAdapter,
  connector: ResolvedConnector | undefined,
  connectorId: string,
  ctx: InstallContext,
  mode: "install" | "uninstall",
  dryLedgers?: Ledgers,
  known?: PeerClaims,
): Promise<{ records: ChangeRecord[]; failed: boolean; touched: boolean }> {
  // Planned and applied under one hold of the install lock: a plan reads
  // the host files and the shared ledgers, and another run changing them in
  // between (two uninstalls at once) made each keep what the other removed.
  const planAndApply = async () => {
    // A run that died mid-way goes first, before anything is read.
    const healed = ctx.dryRun ? [] : rollBack(ctx.dataRoot);
    const input = {
      adapter,
      connector,
      connectorId,
      ctx,
      ledgers: dryLedgers ?? loadLedgers(ctx.dataRoot, connectorId),
    };
    const plan = mode === "install" ? await planInstall(input) : await planUninstall(input);
    const { changes } = await applyEdits(plan.edits, {
      dataRoot: ctx.dataRoot,
      connectorId,
      connectorVersion: connector?.version ?? "0.0.0",
      dryRun: ctx.dryRun,
      force: ctx.force,
      scope: ctx.scope,
      peers: mode === "install" ? await peerWants(input, plan, loadAdapter, known) : [],
      ledgers: dryLedgers,
      locked: true,
    });
    return { plan, changes: [...healed, ...changes] };
  };
  const { plan, changes } = ctx.dryRun
    ? await planAndApply()
    : await withLock(ctx.dataRoot, planAndApply);
  // Plans read the disk: once this host wrote something, the claims planned so far may be stale.
  if (!ctx.dryRun && changes.some((c) => c.action !== "skip" && c.action !== "warn")) {
    known?.clear();
  }
  return {
    records: [...changes, ...plan.notes],
    failed: changes.some((c) => c.action === "warn"),
    touched: plan.edits.length > 0,
  };
}

function finish(
  connectorId: string,
  dryRun: boolean,
  prefix: ChangeRecord[],
  hosts: HostRun[],
  failed: boolean,
): PipelineResult {
  return {
    connectorId,
    dryRun,
    changes: [...prefix, ...hosts.flatMap((h) => h.records)],
    warnings: [],
    failed,
    hosts,
  };
}

/** Installs (or re-renders) `connector` into its target hosts. */
export async function installConnector(
  loaded: { connector: ResolvedConnector; modulePath: string },
  opts: RunOptions,
): Promise<PipelineResult> {
  const { connector } = loaded;
  const targets = await resolveTargets(connector, opts);
  const root = dataRoot(opts.machine);
  const prefix = [...targets.notes];
  if (targets.adapters.length && !opts.skipHomeBin) {
    prefix.unshift(
      ensureHomeBin({ root, os: opts.machine.os, machine: opts.machine, dryRun: opts.dryRun }),
    );
  }
  let failed = targets.failed;
  const dry = dryRunLedgers(opts, connector.id);
  // What each host and scope planned here claims, reused for the hosts sharing its files.
  const known: PeerClaims = new Map();
  const hosts: HostRun[] = [];
  const rows: InstallRow[] = [];
  for (const adapter of targets.adapters) {
    const { scope, unsupported } = scopeOn(connector, adapter, opts.scope);
    if (unsupported) {
      hosts.push({
        platform: adapter.id,
        scope,
        records: [
          warn(
            adapter.id,
            `platforms["${adapter.id}"].scope "${unsupported}" is not installable (user or project only); skipped`,
          ),
        ],
      });
      continue;
    }
    const ctx = contextFor(opts, scope);
    const run = await runHost(adapter, connector, connector.id, ctx, "install", dry, known);
    failed ||= run.failed;
    const projectDir = scope === "project" ? opts.projectDir : undefined;
    hosts.push({ platform: adapter.id, scope, projectDir, records: run.records });
    if (run.touched) {
      rows.push(
        projectDir ? { platform: adapter.id, scope, projectDir } : { platform: adapter.id, scope },
      );
    }
  }
  if (!opts.dryRun && targets.adapters.length) {
    recordInstall({ root, connector, modulePath: loaded.modulePath, installs: rows });
  }
  return finish(connector.id, opts.dryRun, prefix, hosts, failed);
}

/**
 * Where to uninstall from: the record's install rows (narrowed by
 * `--targets` / an explicit scope), else the targets or detected hosts at
 * the asked scope.
 */
export async function uninstallRows(
  connectorId: string,
  opts: RunOptions & { scopeGiven: boolean },
): Promise<InstallRow[]> {
  const recorded = readConnectorRecord(dataRoot(opts.machine), connectorId)?.installs ?? [];
  let rows = recorded.filter((r) =>
    (!opts.targets || opts.targets.includes(r.platform as PlatformId)) &&
    (!opts.scopeGiven || r.scope === opts.scope)
  );
  if (rows.length === 0) {
    const ids = opts.targets ??
      detectHosts(await loadAllAdapters(), opts.scope, pathCtx(opts)).filter((d) => d.installed)
        .map((d) => d.id);
    rows = ids.map((platform) =>
      opts.scope === "project"
        ? { platform, scope: "project", projectDir: opts.projectDir }
        : { platform, scope: "user" }
    );
  }
  return rows;
}

/** The files that claims of `platform` name and that still exist. */
function claimedFiles(l: Ledgers, platform: string): string[] {
  const files = [
    ...l.owned.records.filter((r) => r.platform === platform).map((r) => r.file),
    ...l.memory.rows.filter((r) => r.platform === platform).map((r) => r.path),
  ];
  return [...new Set(files)].filter((f) => existsSync(f));
}

/** Removes everything the connector wrote at `rows` (works without the module). */
export async function uninstallConnector(
  connectorId: string,
  connector: ResolvedConnector | undefined,
  rows: InstallRow[],
  opts: RunOptions,
): Promise<PipelineResult> {
  let failed = false;
  const dry = dryRunLedgers(opts, connectorId);
  const hosts: HostRun[] = [];
  const prefix: ChangeRecord[] = [];
  const done: InstallRow[] = [];
  for (const row of rows) {
    const adapter = await loadAdapter(row.platform);
    if (!adapter) {
      // A record written by another version: reported, and a failure only
      // when the user named that host (`--targets`).
      const files = claimedFiles(
        dry ?? loadLedgers(dataRoot(opts.machine), connectorId),
        row.platform,
      );
      prefix.push(
        warn(
          row.platform as PlatformId,
          `no ${row.platform} adapter in agent-connector ${VERSION}; what the connector wrote ` +
            `for it was left${files.length ? ` (in ${files.join(", ")})` : ""}: remove it by ` +
            `hand, or run uninstall with the version that installed it`,
        ),
      );
      failed ||= opts.targets?.includes(row.platform as PlatformId) ?? false;
      continue;
    }
    const ctx = contextFor(opts, row.scope, row.projectDir ?? opts.projectDir);
    const run = await runHost(adapter, connector, connectorId, ctx, "uninstall", dry);
    failed ||= run.failed;
    hosts.push({
      platform: adapter.id,
      scope: row.scope,
      projectDir: row.projectDir,
      records: run.records,
    });
    if (!run.failed) done.push(row);
  }
  if (!opts.dryRun) recordUninstall(dataRoot(opts.machine), connectorId, done);
  return finish(connectorId, opts.dryRun, prefix, hosts, failed);
}
