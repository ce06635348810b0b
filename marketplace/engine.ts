/**
 * `install|uninstall|upgrade --method marketplace`: stage the connector's
 * package for each target host, drive the host's own plugin command
 * (marketplace/drivers.ts), and keep `marketplace-installs.json`
 * (marketplace/state.ts) so the other commands follow the method used.
 *
 * The dual-method guard lives here too: a host where the connector is
 * installed by config (a row in its connector record) is refused, and the
 * config install refuses a host with a row here ({@link marketplaceHostsOf}),
 * so no host ever runs the connector's hooks and server twice.
 *
 * @module
 */

import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { getJsonAt, removeJsonAt } from "../core/edit_json.ts";
import { join } from "node:path";
import type { ChangeRecord, HostId } from "../core/platform_types.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import type { LoadedConnector } from "../io/load_connector.ts";
import { dataRoot } from "../io/data_root.ts";
import { readConnectorRecord } from "../io/connector_record.ts";
import { writeFileAtomic } from "../io/atomic_write.ts";
import { writePackageTree } from "../package/write_tree.ts";
import { packageLoaded } from "../package/from_loaded.ts";
import { ensureHomeBin } from "../install/home_bin.ts";
import {
  CATALOG_NAME,
  drivableHosts,
  DRIVERS,
  type HostCommand,
  type MarketplaceDriver,
} from "./drivers.ts";
import { sameTree } from "./same_tree.ts";
import { findOnPath, type HostRunner, shownCommand, spawnHost } from "./host_exec.ts";
import {
  installsOf,
  type MarketplaceInstall,
  marketplaceRoot,
  type MarketplaceState,
  readMarketplaceState,
  updateMarketplaceState,
  withInstall,
  withoutInstall,
} from "./state.ts";

/** What a marketplace run needs. */
export interface MarketplaceOptions {
  /** The machine (HOME, PATH, data root). */
  machine: MachineEnv;
  /** The hosts to act on. */
  targets: readonly HostId[];
  /** Show the commands; run and write nothing. */
  dryRun: boolean;
  /** Runs host commands (tests stand in for a host). */
  runner?: HostRunner;
  /** Leave the home binary alone. */
  skipHomeBin?: boolean;
  /** The clock, for the state rows. */
  now?: Date;
}

/** What a marketplace run did. */
export interface MarketplaceResult {
  /** One record per step, in order. */
  changes: ChangeRecord[];
  /** True when something asked for could not be done. */
  failed: boolean;
}

/** The hosts where `connectorId` is installed through the host's plugin command. */
export function marketplaceHostsOf(machine: MachineEnv, connectorId: string): HostId[] {
  return installsOf(readMarketplaceState(dataRoot(machine)), connectorId).map((r) => r.host);
}

/** The hosts where `connectorId` is installed by config (its connector record's rows). */
export function configHostsOf(machine: MachineEnv, connectorId: string): HostId[] {
  const rows = readConnectorRecord(dataRoot(machine), connectorId)?.installs ?? [];
  return [...new Set(rows.map((r) => r.platform as HostId))];
}

/** True when a driver exists for `host` and its CLI is on PATH. */
export function canDrive(host: HostId, machine: MachineEnv): boolean {
  const driver = DRIVERS[host];
  return driver !== undefined &&
    findOnPath(driver.bin, machine.env, machine.os === "win32") !== undefined;
}

interface Step {
  driver: MarketplaceDriver;
  bin: string;
  root: string;
  opts: Pick<MarketplaceOptions, "machine" | "runner">;
  out: MarketplaceResult;
}

/** Runs one host command; a failure is a `warn` record with the output's tail. */
function exec(step: Step, command: HostCommand, what: string): boolean {
  const { driver, bin, opts, out } = step;
  const shown = shownCommand(driver.bin, command);
  const cwd = existsSync(step.root) ? step.root : opts.machine.home;
  const res = (opts.runner ?? spawnHost)(bin, command, { cwd, env: opts.machine.env });
  if (res.code === 0) return true;
  out.changes.push({
    platform: driver.host,
    action: "warn",
    detail: `${what}: \`${shown}\` exited ${res.code}: ${
      res.output.trim().split("\n").slice(-3).join(" / ")
    }`,
  });
  return false;
}

/**
 * Where a host's packages are staged: `<marketplace>/<host>/`, and for a
 * catalog host the catalog folder `<marketplace>/<host>/agent-connector/` —
 * Droid names a local catalog after its folder, not its `name`, so the folder
 * carries the catalog name for every host.
 */
function packageDir(mroot: string, driver: MarketplaceDriver): string {
  return driver.catalog ? join(mroot, driver.host, CATALOG_NAME) : join(mroot, driver.host);
}

/** Rewrites the host's local catalog from the rows staged for it. */
function writeCatalog(
  driver: MarketplaceDriver,
  dir: string,
  rows: MarketplaceInstall[],
  extra?: { id: string; version: string; description?: string },
): void {
  const plugins = rows.map((r) => ({ id: r.connectorId, version: r.version }));
  if (extra) plugins.push(extra);
  plugins.sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  writeFileAtomic(join(dir, driver.catalog!.file), driver.catalog!.render(plugins));
}

function driverOrWarn(host: HostId, out: MarketplaceResult): MarketplaceDriver | undefined {
  const driver = DRIVERS[host];
  if (!driver) {
    out.failed = true;
    out.changes.push({
      platform: host,
      action: "warn",
      detail: `${host} has no plugin command agent-connector can drive (drivable: ${
        drivableHosts().join(", ")
      }); install it with --method direct`,
    });
  }
  return driver;
}

/**
 * Installs (or, when it is there already, reinstalls) `loaded` into each
 * target host through the host's plugin command.
 */
export function installByMarketplace(
  loaded: LoadedConnector,
  opts: MarketplaceOptions,
): MarketplaceResult {
  const out: MarketplaceResult = { changes: [], failed: false };
  const root = dataRoot(opts.machine);
  const mroot = marketplaceRoot(root);
  const { connector } = loaded;
  const id = connector.id;
  const byConfig = configHostsOf(opts.machine, id);
  let installed = 0;
  for (const host of opts.targets) {
    const driver = driverOrWarn(host, out);
    if (!driver) continue;
    if (byConfig.includes(host)) {
      out.failed = true;
      out.changes.push({
        platform: host,
        action: "warn",
        detail: `${id} is installed in ${host} by config; a plugin too would run its server ` +
          `and hooks twice — run \`uninstall --method direct --targets ${host}\` first, ` +
          `or keep --method direct`,
      });
      continue;
    }
    let tree;
    try {
      tree = packageLoaded(loaded, [driver.format], false);
    } catch (error) {
      out.failed = true;
      out.changes.push({
        platform: host,
        action: "warn",
        detail: `cannot package ${id} as ${driver.format}: ${(error as Error).message}`,
      });
      continue;
    }
    for (const w of tree.packages[0].warnings) {
      out.changes.push({ platform: host, action: "warn", detail: w });
    }
    const hostDir = packageDir(mroot, driver);
    const staged = join(hostDir, id);
    const state = readMarketplaceState(root);
    const existing = installsOf(state, id, host)[0];
    const others = state.installs.filter((r) => r.host === host && r.connectorId !== id);
    const commands: Array<[HostCommand, string]> = [];
    if (existing) commands.push([driver.remove(id), "remove the installed copy"]);
    if (driver.catalog) {
      if (!others.length && !existing) {
        commands.push([driver.catalog.register(hostDir), "register the catalog"]);
      } else if (driver.catalog.refresh) {
        commands.push([driver.catalog.refresh(), "refresh the catalog"]);
      }
    }
    commands.push([driver.install(staged, id), "install"]);
    const bin = findOnPath(driver.bin, opts.machine.env, opts.machine.os === "win32");
    const shown = commands.map(([c]) => shownCommand(driver.bin, c)).join(" && ");
    if (existing && sameTree(staged, tree.files) && bin) {
      const listing = (opts.runner ?? spawnHost)(bin, driver.list(), {
        cwd: mroot,
        env: opts.machine.env,
      });
      if (driver.listed(listing.output, id)) {
        out.changes.push({
          platform: host,
          action: "skip",
          path: staged,
          detail: `${driver.pluginRef(id)} is installed and its package is unchanged`,
        });
        continue;
      }
    }
    if (opts.dryRun) {
      out.changes.push({
        platform: host,
        action: existing ? "update" : "create",
        path: staged,
        detail: `would stage ${driver.format} and run ${shown}`,
      });
      continue;
    }
    writePackageTree(staged, tree.files);
    if (driver.catalog) {
      writeCatalog(driver, hostDir, others, {
        id,
        version: connector.version,
        ...(loaded.packageJson?.description
          ? { description: String(loaded.packageJson.description) }
          : {}),
      });
    }
    if (!bin) {
      out.failed = true;
      out.changes.push({
        platform: host,
        action: "warn",
        path: staged,
        detail: `${driver.bin} is not on PATH: staged ${driver.format}; run ${shown}`,
      });
      continue;
    }
    const step: Step = { driver, bin, root: mroot, opts, out };
    let ok = true;
    for (const [command, what] of commands) {
      if (exec(step, command, what)) continue;
      // A copy that is already gone need not be removed; a catalog the user unregistered
      // by hand is registered again.
      if (what === "remove the installed copy") continue;
      if (
        what === "refresh the catalog" &&
        exec(step, driver.catalog!.register(hostDir), "register the catalog")
      ) {
        out.changes.pop();
        continue;
      }
      ok = false;
      break;
    }
    if (ok) {
      const listing = (opts.runner ?? spawnHost)(bin, driver.list(), {
        cwd: mroot,
        env: opts.machine.env,
      });
      ok = driver.listed(listing.output, id);
      if (!ok) {
        out.changes.push({
          platform: host,
          action: "warn",
          detail: `\`${shownCommand(driver.bin, driver.list())}\` does not list ${
            driver.pluginRef(id)
          } after the install`,
        });
      }
    }
    if (!ok) {
      out.failed = true;
      continue;
    }
    const now = (opts.now ?? new Date()).toISOString();
    updateMarketplaceState(root, (state) =>
      withInstall(state, {
        connectorId: id,
        host,
        format: driver.format,
        staged,
        pluginRef: driver.pluginRef(id),
        version: connector.version,
        modulePath: loaded.modulePath,
        installedAt: now,
        updatedAt: now,
      }));
    installed++;
    out.changes.push({
      platform: host,
      action: existing ? "update" : "create",
      path: staged,
      detail: `${driver.pluginRef(id)} installed with ${
        shownCommand(driver.bin, driver.install(staged, id))
      }`,
    });
  }
  if (installed && !opts.skipHomeBin) {
    // The package's launcher runs the home binary when there is one (package/launcher.ts).
    out.changes.unshift(
      ensureHomeBin({ root, os: opts.machine.os, machine: opts.machine, dryRun: opts.dryRun }),
    );
  }
  return out;
}

/** Removes `connectorId` from each target host where it was installed as a plugin (all such hosts without targets). */
export function removeByMarketplace(
  connectorId: string,
  opts: Omit<MarketplaceOptions, "targets"> & { targets?: readonly HostId[] },
): MarketplaceResult {
  const out: MarketplaceResult = { changes: [], failed: false };
  const root = dataRoot(opts.machine);
  const mroot = marketplaceRoot(root);
  const rows = installsOf(readMarketplaceState(root), connectorId).filter((r) =>
    !opts.targets || opts.targets.includes(r.host)
  );
  for (const row of rows) {
    const driver = driverOrWarn(row.host, out);
    if (!driver) continue;
    const hostDir = packageDir(mroot, driver);
    const rest = readMarketplaceState(root).installs.filter((r) =>
      r.host === row.host && r.connectorId !== connectorId
    );
    const commands: HostCommand[] = [driver.remove(connectorId)];
    if (driver.catalog && !rest.length) commands.push(driver.catalog.unregister());
    const bin = findOnPath(driver.bin, opts.machine.env, opts.machine.os === "win32");
    const shown = commands.map((c) => shownCommand(driver.bin, c)).join(" && ");
    if (opts.dryRun) {
      out.changes.push({
        platform: row.host,
        action: "remove",
        path: row.staged,
        detail: `would run ${shown}`,
      });
      continue;
    }
    if (!bin) {
      out.failed = true;
      out.changes.push({
        platform: row.host,
        action: "warn",
        detail:
          `${driver.bin} is not on PATH, so ${row.pluginRef} cannot be removed: run ${shown}, then uninstall again`,
      });
      continue;
    }
    const step: Step = { driver, bin, root: mroot, opts, out };
    if (!exec(step, driver.remove(connectorId), "remove")) {
      const listing = (opts.runner ?? spawnHost)(bin, driver.list(), {
        cwd: existsSync(mroot) ? mroot : opts.machine.home,
        env: opts.machine.env,
      });
      if (driver.listed(listing.output, connectorId)) {
        out.failed = true;
        continue;
      }
      out.changes.pop(); // Already gone from the host: nothing failed.
    }
    for (const path of driver.leftovers?.(opts.machine.home, connectorId) ?? []) {
      if (existsSync(path)) {
        rmSync(path, { recursive: true, force: true });
        out.changes.push({
          platform: row.host,
          action: "remove",
          path,
          detail: `the host's copy of the removed ${row.pluginRef}`,
        });
      }
    }
    for (const { file, path } of driver.staleKeys?.(opts.machine.home, connectorId) ?? []) {
      if (dropStaleKey(file, path)) {
        out.changes.push({
          platform: row.host,
          action: "remove",
          path: file,
          detail: `${path.join(".")} (left by the host's remove of ${row.pluginRef})`,
        });
      }
    }
    rmSync(row.staged, { recursive: true, force: true });
    if (driver.catalog) {
      if (rest.length) {
        writeCatalog(driver, hostDir, rest);
        if (driver.catalog.refresh) exec(step, driver.catalog.refresh(), "refresh the catalog");
      } else {
        exec(step, driver.catalog.unregister(), "remove the catalog registration");
        rmSync(join(mroot, row.host), { recursive: true, force: true });
      }
    } else if (existsSync(hostDir) && readdirSync(hostDir).length === 0) {
      rmSync(hostDir, { recursive: true, force: true });
    }
    updateMarketplaceState(root, (state) => withoutInstall(state, connectorId, row.host));
    out.changes.push({
      platform: row.host,
      action: "remove",
      path: row.staged,
      detail: `${row.pluginRef} removed with ${
        shownCommand(driver.bin, driver.remove(connectorId))
      }`,
    });
  }
  if (!opts.dryRun && existsSync(mroot) && readdirSync(mroot).length === 0) {
    rmSync(mroot, { recursive: true, force: true });
  }
  return out;
}

/** Removes the key at `path` of a JSON file when it is there; true when it was. */
function dropStaleKey(file: string, path: string[]): boolean {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return false;
  }
  try {
    if (!getJsonAt(text, path).found) return false;
    const edit = removeJsonAt(text, path);
    if (edit.changed) writeFileAtomic(file, edit.text);
    return edit.changed;
  } catch {
    return false; // The host's file does not parse: leave it to the host.
  }
}

/** Every marketplace row, for doctor and status. */
export function marketplaceRows(machine: MachineEnv): MarketplaceState["installs"] {
  return readMarketplaceState(dataRoot(machine)).installs;
}
