/**
 * `doctor` for connectors installed through a host's plugin command: per row
 * of `marketplace-installs.json`, the staged package is there, the host's CLI
 * is on PATH and still lists the plugin, and the connector is not also
 * installed in that host by config (the dual-method guard, after the fact).
 *
 * @module
 */

import { existsSync } from "node:fs";
import type { MachineEnv } from "../io/machine_env.ts";
import type { Finding } from "../install/doctor_finding.ts";
import { DRIVERS } from "./drivers.ts";
import { configHostsOf, marketplaceRows } from "./engine.ts";
import { findOnPath, type HostRunner, shownCommand, spawnHost } from "./host_exec.ts";

/** The findings for every plugin install (of `ids` only, when given). */
export function marketplaceFindings(
  machine: MachineEnv,
  ids?: readonly string[],
  runner: HostRunner = spawnHost,
): Finding[] {
  const out: Finding[] = [];
  for (const row of marketplaceRows(machine)) {
    if (ids && !ids.includes(row.connectorId)) continue;
    const check = `${row.connectorId}: ${row.host} plugin`;
    const base = { check, connectorId: row.connectorId };
    const driver = DRIVERS[row.host];
    if (!driver) {
      out.push({
        ...base,
        status: "warn",
        message: `no driver for ${row.host} in this version`,
        fixable: false,
      });
      continue;
    }
    if (configHostsOf(machine, row.connectorId).includes(row.host)) {
      out.push({
        ...base,
        status: "fail",
        message:
          `installed twice in ${row.host}: as ${row.pluginRef} and by config (its server and hooks run twice)`,
        fix: `agent-connector uninstall --method direct --targets ${row.host}`,
        fixable: false,
      });
    }
    if (!existsSync(row.staged)) {
      out.push({
        ...base,
        status: "warn",
        message: `the staged package ${row.staged} is gone`,
        fix: "agent-connector upgrade",
        fixable: true,
      });
    }
    const bin = findOnPath(driver.bin, machine.env, machine.os === "win32");
    if (!bin) {
      out.push({
        ...base,
        status: "warn",
        message: `${driver.bin} is not on PATH, so ${row.pluginRef} cannot be checked`,
        fixable: false,
      });
      continue;
    }
    const listing = runner(bin, driver.list(), { cwd: machine.home, env: machine.env });
    if (!driver.listed(listing.output, row.connectorId)) {
      out.push({
        ...base,
        status: "fail",
        message: `\`${shownCommand(driver.bin, driver.list())}\` does not list ${row.pluginRef}`,
        fix: `agent-connector install --method marketplace --targets ${row.host}`,
        fixable: false,
      });
      continue;
    }
    out.push({
      ...base,
      status: "pass",
      message: `${row.pluginRef} ${row.version} installed with ${driver.bin}`,
      fixable: false,
    });
  }
  return out;
}
