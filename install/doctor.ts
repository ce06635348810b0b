/**
 * doctor's checks (spec §3). Framework checks first (the home binary and the
 * CLI it runs, each registered connector's framework and connector version,
 * its module, its secrets), then per installed host and scope: a dry-run
 * re-render of the connector, where every record that is not `=` is a
 * finding, plus the host's own notes that concern what the connector has
 * there and its settings checks (doctor_host.ts).
 * Doctor and install therefore cannot disagree about what "in order" means.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { ResolvedConnector } from "../core/connector_types.ts";
import type { ChangeRecord, DiagnosticResult, PlatformId } from "../core/platform_types.ts";
import { displayPath } from "../core/change_records.ts";
import { VERSION } from "../core/version.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { dataRoot } from "../io/data_root.ts";
import {
  type ConnectorRecord,
  type InstallRow,
  listConnectorIds,
  unreadableConnectorIds,
} from "../io/connector_record.ts";
import { type ConfigPatchLedger, configPatchLedgerPath } from "../io/ledgers.ts";
import { readStateFile } from "../io/state_file.ts";
import { homeBinPath, readLauncher } from "./home_bin.ts";
import { isRemoteEntry } from "./remote_entry.ts";
import { checkLocalEntry } from "./doctor_local_entry.ts";
import { registryEntry } from "../adapters/registry.ts";
import { installConnector, type RunOptions } from "./pipeline.ts";
import { checkHostSpecifics } from "./doctor_host.ts";
import { detailSubject } from "./doctor_notes.ts";
import type { Finding } from "./doctor_finding.ts";

export type { Finding } from "./doctor_finding.ts";

function finding(
  check: string,
  status: DiagnosticResult["status"],
  message: string,
  extra: Partial<Finding> = {},
): Finding {
  return { check, status, message, fixable: false, ...extra };
}

/** Checks the home binary and the CLI it launches. */
export function checkHomeBin(machine: MachineEnv, anyConnector: boolean): Finding[] {
  const root = dataRoot(machine);
  const path = homeBinPath(root, machine.os);
  if (!existsSync(path)) {
    return [finding(
      "home binary",
      anyConnector ? "fail" : "warn",
      `${path} is missing${anyConnector ? " — hooks, status lines and actions cannot run" : ""}`,
      { fix: "run `agent-connector upgrade`", fixable: true },
    )];
  }
  const target = readLauncher(root, machine.os);
  if (!target) {
    return [finding("home binary", "warn", `${path} was not written by agent-connector`, {
      fix: "remove it, then run `agent-connector upgrade`",
    })];
  }
  const remote = isRemoteEntry(target.entry);
  const files = [target.runtime, ...(remote ? [] : [target.entry])];
  const config = target.runtimeArgs.indexOf("--config");
  if (config !== -1 && target.runtimeArgs[config + 1]) files.push(target.runtimeArgs[config + 1]);
  const gone = files.filter((p) => !existsSync(p));
  if (gone.length) {
    return [
      finding(
        "home binary",
        "fail",
        `${path} points at a removed install (${gone.join(", ")} missing)`,
        {
          fix: "run `agent-connector upgrade` from the install you use now",
          fixable: true,
        },
      ),
    ];
  }
  const out = [
    finding("home binary", "pass", `${path} → ${target.runtime} ${target.entry}`),
    ...checkLocalEntry(target, root, machine),
  ];
  const run = spawnSync(path, ["--version"], {
    encoding: "utf8",
    timeout: 20_000,
    env: { ...machine.env } as Record<string, string>,
  });
  const version = /(\d+\.\d+\.\d+\S*)\s*$/.exec(run.stdout?.trim() ?? "")?.[1];
  if (run.status !== 0 || !version) {
    out.push(
      finding(
        "home binary CLI",
        "fail",
        `${path} --version failed${run.stderr ? `: ${run.stderr.trim().split("\n")[0]}` : ""}${
          remote ? ` (${target.entry} must be in the Deno cache: the launcher never fetches)` : ""
        }`,
        {
          fix: "run `agent-connector upgrade`",
          fixable: true,
        },
      ),
    );
  } else if (version !== VERSION) {
    out.push(
      finding("home binary CLI", "warn", `it runs agent-connector ${version}; this is ${VERSION}`, {
        fix: "run `agent-connector upgrade` with the version you want hosts to use",
        fixable: true,
      }),
    );
  } else out.push(finding("home binary CLI", "pass", `agent-connector ${version}`));
  return out;
}

/** Checks one connector's record against this framework and its source. */
export function checkRecord(
  record: ConnectorRecord,
  source: ResolvedConnector | undefined,
): Finding[] {
  const id = record.id;
  const out: Finding[] = [];
  out.push(
    record.frameworkVersion === VERSION
      ? finding(`${id}: framework version`, "pass", `rendered by ${VERSION}`, { connectorId: id })
      : finding(
        `${id}: framework version`,
        "warn",
        `rendered by ${record.frameworkVersion ?? "an unknown version"}; this is ${VERSION}`,
        {
          connectorId: id,
          fix: "run `agent-connector upgrade` (or doctor --heal)",
          fixable: true,
        },
      ),
  );
  if (!existsSync(record.modulePath)) {
    out.push(
      finding(
        `${id}: module`,
        "fail",
        `${record.modulePath} is gone — its hooks, status line and actions do nothing`,
        {
          connectorId: id,
          fix:
            `install again from the module's new place, or \`agent-connector uninstall --connector-id ${id}\``,
        },
      ),
    );
  } else if (source && source.version !== record.version) {
    out.push(
      finding(
        `${id}: connector version`,
        "warn",
        `registered ${record.version}, source is ${source.version}`,
        {
          connectorId: id,
          fix: "run `agent-connector upgrade` (or doctor --heal)",
          fixable: true,
        },
      ),
    );
  } else {
    out.push(finding(`${id}: module`, "pass", record.modulePath, { connectorId: id }));
  }
  return out;
}

/** The manual step for a hand-edited memory block (never auto-fixed, spec §3). */
const EDITED_BLOCK_FIX =
  "keep your text outside the agent-connector markers, then run `agent-connector install --force` to rewrite the block (a backup is kept)";

/** The manual step for a hand-edited file of ours (install/_op_file.ts), never auto-fixed. */
function editedFix(detail: string): string {
  if (/inside the markers/.test(detail)) return EDITED_BLOCK_FIX;
  return /no longer part of this connector/.test(detail)
    ? "delete the file, or run `agent-connector upgrade --force` to remove it (a backup is kept)"
    : "copy out what you want to keep, then run `agent-connector install --force` to rewrite the file (a backup is kept)";
}

function statusOf(c: ChangeRecord): { status: DiagnosticResult["status"]; word: string } {
  const critical = /^(MCP server|hook )/.test(c.detail);
  switch (c.action) {
    case "skip":
      return { status: "pass", word: "ok" };
    case "create":
      return { status: critical ? "fail" : "warn", word: "missing" };
    case "update":
      // A server or hook entry that differs launches something other than
      // this connector's command (often no longer the home binary).
      return critical
        ? { status: "fail", word: "differs from the connector's entry" }
        : { status: "warn", word: "out of date" };
    case "remove":
      return { status: "warn", word: "stale" };
    default:
      // A host with no action surface (all but Zed) runs an action through
      // `agent-connector action`, which is not a fault of the install.
      return /^action /.test(c.detail)
        ? { status: "pass", word: "dispatch only" }
        : { status: "warn", word: "attention" };
  }
}

/**
 * Diagnoses one install row by a dry-run re-render; the re-render's changes
 * are appended to `rendered` when given (the ledger checks read them).
 */
export async function checkInstall(
  connector: ResolvedConnector,
  modulePath: string,
  row: InstallRow,
  opts: RunOptions,
  rendered?: ChangeRecord[],
): Promise<Finding[]> {
  const result = await installConnector({ connector, modulePath }, {
    ...opts,
    scope: row.scope,
    projectDir: row.projectDir ?? opts.projectDir,
    targets: [row.platform as PlatformId],
    dryRun: true,
    skipHomeBin: true,
  });
  rendered?.push(...result.changes);
  const host = (await checkHostSpecifics(connector.id, row, opts, result.changes)).map((f) =>
    finding(f.check, f.status, f.message, { connectorId: connector.id, fix: f.fix })
  );
  return [
    ...result.changes.map((c) => {
      const { status, word } = statusOf(c);
      const softNote = c.action === "warn" && !c.path && / — /.test(c.detail);
      const where = status !== "pass" && c.path
        ? ` (in ${displayPath(c.path, opts.machine.home)})`
        : "";
      return finding(
        `${connector.id} @ ${c.platform} (${row.scope}): ${detailSubject(c.detail)}`,
        status,
        `${word}: ${c.detail}${where}`,
        {
          connectorId: connector.id,
          fix: status === "pass" || softNote
            ? undefined
            : c.action === "warn"
            ? (/edited by hand/.test(c.detail) ? editedFix(c.detail) : undefined)
            : "run `agent-connector upgrade` (or doctor --heal)",
          fixable: c.action === "create" || c.action === "update" || c.action === "remove",
        },
      );
    }),
    ...host,
  ];
}

/**
 * configPatch ledger rows whose every owner is no longer registered, and
 * rows of a host this version has no adapter for (no run can release them).
 */
export function checkOrphanedPatches(machine: MachineEnv): Finding[] {
  const root = dataRoot(machine);
  const ids = new Set([...listConnectorIds(root), ...unreadableConnectorIds(root)]);
  const empty: ConfigPatchLedger = { version: 1, rows: [] };
  const ledger = configPatchLedgerPath(root);
  const rows = readStateFile(ledger, empty).rows;
  const owned = rows.filter((r) => r.owners.some((o) => ids.has(o.connectorId)));
  const unknownHost = owned.filter((r) => !registryEntry(r.platform)).map((r) =>
    finding(
      `configPatch ${r.key}`,
      "warn",
      `${ledger} names host "${r.platform}", which agent-connector ${VERSION} has no adapter ` +
        `for: its key ${r.key} in ${r.file} stays until removed by hand`,
      {
        fix: `remove the key from ${r.file} by hand if that host no longer needs it, then ` +
          `delete its row from ${ledger}`,
      },
    )
  );
  return [
    ...rows.filter((r) => !owned.includes(r)).map((r) =>
      finding(
        `configPatch ${r.key}`,
        "warn",
        `orphaned: ${r.file} is owned by ${
          r.owners.map((o) => o.connectorId).join(", ")
        }, none registered`,
        {
          fix:
            `remove the key by hand if unused, then delete its row from ${root}/state/config-patches.json`,
        },
      )
    ),
    ...unknownHost,
  ];
}
