/**
 * `doctor`: check the home binary, each connector's registration and every
 * host it is installed into; `--heal` re-syncs what is fixable.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { boolFlag, parseCommandArgs, scopeFlag, SHARED_FLAGS } from "./_args.ts";
import type { ResolvedConnector } from "../core/connector_types.ts";
import type { ChangeRecord, PlatformId } from "../core/platform_types.ts";
import { dataRoot } from "../io/data_root.ts";
import {
  type ConnectorRecord,
  connectorRecordProblem,
  listConnectorIds,
  readConnectorRecord,
  unreadableConnectorIds,
} from "../io/connector_record.ts";
import { importConnector } from "../runtime/connector_module.ts";
import {
  checkHomeBin,
  checkInstall,
  checkOrphanedPatches,
  checkRecord,
  type Finding,
} from "../install/doctor.ts";
import { installConnector, type RunOptions } from "../install/pipeline.ts";
import { type Claims, readClaims, rowState, staleFindings } from "../install/doctor_stale.ts";
import { dropStale, ledgerOnlyIds, orphanLedger } from "../install/doctor_ledgers.ts";
import { registryEntry } from "../adapters/registry.ts";
import { ensureHomeBin } from "../install/home_bin.ts";
import { checkJournal, healJournal, JOURNAL_CHECK } from "../install/doctor_journal.ts";
import { explainHooks } from "../sdk/_explain.ts";
import { loginsCheck, loginsRecordCheck, probes, secretsCheck } from "./_doctor_extra.ts";
import { isNotFound, loadForCommand, runOptionsOf } from "./_install_common.ts";

import { marketplaceFindings } from "../marketplace/doctor.ts";
import { marketplaceHostsOf, marketplaceRows } from "../marketplace/engine.ts";
/** Help text. */
export const help: string =
  `Usage: agent-connector doctor [--targets a,b] [--connector <path>] [--scope user|project]
                              [--project <dir>] [--json] [--probe] [--heal] [--explain] [--dry-run]

Checks, in order: the home binary and the agent-connector it runs; each
connector's registration (framework version, module, secrets); then every
host it is installed into — a dry-run re-render where anything that would
change is a finding; then its ledgers — hosts this version has no adapter
for, projects or hosts that are gone, claims on files that no longer exist.
Prints [pass] / [warn] / [FAIL] with a fix. Exit 1 when any check FAILs;
warnings alone do not fail.

Flags:
  --connector <path>     check this connector (default: the local config, else every registered one)
  --targets a,b          only these hosts
  --scope user|project   only this scope
  --project <dir>        the project for project scope (default: the current directory)
  --heal                 roll back an install or uninstall that was interrupted (what it
                         half-wrote goes back as it was), re-sync every connector with
                         fixable findings and drop stale ledger rows, then check again
  --dry-run              with --heal: list what would be healed
  --explain              print the hook-honor matrix per host and event
  --probe                also start the connector's server and run an MCP handshake
  --json                 print the findings as JSON (with --explain: { findings, explain })

Example:
  agent-connector doctor --heal
`;

interface Subject {
  id: string;
  record?: ConnectorRecord;
  connector?: ResolvedConnector;
  modulePath?: string;
}

async function subjects(
  parsed: ReturnType<typeof parseCommandArgs>,
  ctx: CliContext,
  projectDir: string,
): Promise<Subject[]> {
  const root = dataRoot(ctx.machine);
  try {
    const loaded = await loadForCommand(parsed, ctx, projectDir);
    const id = loaded.connector.id;
    return [{
      id,
      record: readConnectorRecord(root, id),
      connector: loaded.connector,
      modulePath: loaded.modulePath,
    }];
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const out: Subject[] = [];
  for (const id of listConnectorIds(root)) {
    const record = readConnectorRecord(root, id)!;
    const connector = await importConnector(record.modulePath, record).catch(() => undefined);
    out.push({ id, record, connector, modulePath: record.modulePath });
  }
  for (const id of unreadableConnectorIds(root)) out.push({ id });
  for (const id of ledgerOnlyIds(root)) out.push({ id });
  // Connectors installed only as plugins have no record.
  for (const row of marketplaceRows(ctx.machine)) {
    if (!out.some((s) => s.id === row.connectorId)) out.push({ id: row.connectorId });
  }
  return out;
}

/** Whether a claim of `platform` in `scope` is within `--targets` / `--scope`. */
function inView(opts: RunOptions, scopeGiven: boolean) {
  return (platform: string, scope?: string) =>
    (!opts.targets || opts.targets.includes(platform as PlatformId)) &&
    (!scopeGiven || scope === undefined || scope === opts.scope);
}

/** The connector's claims; a FAIL finding (and undefined) when a ledger cannot be read. */
function claimsOf(id: string, ctx: CliContext, findings: Finding[]): Claims | undefined {
  try {
    return readClaims(dataRoot(ctx.machine), id);
  } catch (error) {
    findings.push({
      check: `${id}: ownership ledger`,
      status: "fail",
      message: (error as Error).message,
      fixable: false,
      connectorId: id,
    });
    return undefined;
  }
}

function rowsOf(s: Subject, opts: RunOptions, scopeGiven: boolean) {
  return (s.record?.installs ?? []).filter((r) =>
    (!opts.targets || opts.targets.includes(r.platform as PlatformId)) &&
    (!scopeGiven || r.scope === opts.scope)
  );
}

async function diagnose(
  list: Subject[],
  opts: RunOptions,
  scopeGiven: boolean,
  ctx: CliContext,
  probe = false,
): Promise<Finding[]> {
  const findings = checkHomeBin(ctx.machine, list.some((s) => s.record));
  for (const s of list) {
    const problem = s.record ? undefined : connectorRecordProblem(dataRoot(ctx.machine), s.id);
    if (problem) {
      findings.push({
        check: `${s.id}: registration`,
        status: "fail",
        message: `cannot read ${problem}`,
        fix:
          "fix the file by hand; deleting it forgets which hosts and projects the connector is in",
        fixable: false,
        connectorId: s.id,
      });
      continue;
    }
    const claims = claimsOf(s.id, ctx, findings);
    if (!s.record && claims && (claims.owned.length || claims.memory.length)) {
      findings.push(...orphanLedger({
        machine: ctx.machine,
        root: dataRoot(ctx.machine),
        connectorId: s.id,
        claims,
        inView: inView(opts, scopeGiven),
      }));
      continue;
    }
    if (!s.record && marketplaceHostsOf(ctx.machine, s.id).length) continue; // Plugins only: below.
    if (!s.record) {
      findings.push({
        check: `${s.id}: registration`,
        status: "warn",
        message: "not installed",
        fix: "run `agent-connector install`",
        fixable: false,
        connectorId: s.id,
      });
      continue;
    }
    findings.push(...checkRecord(s.record, s.connector));
    if (s.record.secretNames?.length) {
      findings.push(...await secretsCheck(s.id, s.record.secretNames, ctx));
    }
    // The module's logins, else the ones install recorded (the module is gone).
    const logins = s.connector?.oauth ?? s.record.oauth ?? {};
    if (Object.keys(logins).length) {
      findings.push(...await loginsCheck(s.id, logins, ctx));
    }
    findings.push(...loginsRecordCheck(s.id, s.record, s.connector));
    // A ledger that cannot be read is a FAIL already; a re-render would stop on it.
    if (!claims) continue;
    const rows = rowsOf(s, opts, scopeGiven);
    const states = await Promise.all(rows.map((row) => rowState(row, claims, ctx.machine)));
    const rendered: ChangeRecord[] = [];
    for (const [i, row] of rows.entries()) {
      if (!s.connector || states[i].kind !== "live") continue;
      findings.push(...await checkInstall(s.connector, s.modulePath!, row, opts, rendered));
    }
    findings.push(...staleFindings({
      machine: ctx.machine,
      root: dataRoot(ctx.machine),
      connectorId: s.id,
      record: s.record,
      claims,
      rows: rows.map((row, i) => ({ row, state: states[i] })),
      inView: inView(opts, scopeGiven),
      rendered,
    }));
  }
  findings.push(...marketplaceFindings(ctx.machine, list.map((s) => s.id)));
  findings.push(...checkOrphanedPatches(ctx.machine));
  findings.push(...checkJournal(ctx.machine));
  if (probe) findings.push(...await probes(list, ctx));
  return findings.map((f) => branded(f, ctx.brand.name));
}

/**
 * A fix names the command the user runs: a branded CLI (`acme-db doctor`)
 * says `acme-db install`, since the user may have no `agent-connector` at all.
 */
function branded(f: Finding, name: string): Finding {
  if (name === "agent-connector" || !f.fix) return f;
  return { ...f, fix: f.fix.replaceAll("`agent-connector ", `\`${name} `) };
}

function line(f: Finding): string {
  const tag = f.status === "fail" ? "FAIL" : f.status;
  return `  [${tag}] ${f.check}: ${shown(f)}${f.fix ? `\n         fix: ${f.fix}` : ""}\n`;
}

/**
 * A finding's message as printed: an install row's message repeats its
 * subject after the verdict (`ok: hook Stop: unchanged`), which the check name
 * already shows, so the line says `hook Stop: ok`, `MCP server x: missing:
 * would be added`. `--json` keeps the message whole.
 */
function shown(f: Finding): string {
  const cut = f.check.indexOf("): ");
  const verdict = /^([^:]+): /.exec(f.message);
  if (cut === -1 || !verdict) return f.message;
  const subject = f.check.slice(cut + 3);
  const rest = f.message.slice(verdict[0].length);
  if (!rest.startsWith(`${subject}: `)) return f.message;
  const said = rest.slice(subject.length + 2);
  const where = / \(in [^()]+\)$/.exec(said)?.[0] ?? "";
  const what = said.slice(0, said.length - where.length);
  if (verdict[1] === "ok" && what === "unchanged") return `ok${where}`;
  const dryRunVerb = /^(added|updated|removed|written)$/.test(what);
  return `${verdict[1]}: ${dryRunVerb ? `would be ${what}` : what}${where}`;
}

function print(findings: Finding[], ctx: CliContext): void {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = f.connectorId ?? "agent-connector";
    groups.set(key, [...groups.get(key) ?? [], f]);
  }
  for (const [name, list] of groups) ctx.stdout.write(`${name}:\n${list.map(line).join("")}`);
}

async function heal(
  list: Subject[],
  findings: Finding[],
  opts: RunOptions,
  scopeGiven: boolean,
  ctx: CliContext,
) {
  const root = dataRoot(ctx.machine);
  const fixable = findings.filter((f) => f.fixable && f.status !== "pass");
  // An interrupted run first: what it half-wrote goes back before anything is re-synced.
  if (fixable.some((f) => f.check === JOURNAL_CHECK)) {
    for (const r of await healJournal(ctx.machine)) {
      ctx.stdout.write(`  ${r.action === "warn" ? "!" : "~"} ${r.detail}\n`);
    }
  }
  if (fixable.some((f) => !f.connectorId)) {
    ensureHomeBin({ root, os: ctx.machine.os, machine: ctx.machine });
  }
  // Stale ledger rows first, so the re-sync below sees only live installs.
  await dropStale(root, fixable.flatMap((f) => f.drop ? [f.drop] : []));
  for (const s of list) s.record = readConnectorRecord(root, s.id) ?? s.record;
  for (const s of list) {
    if (!s.connector || !fixable.some((f) => f.connectorId === s.id && !f.drop)) continue;
    for (const row of rowsOf(s, opts, scopeGiven)) {
      if (!registryEntry(row.platform)) continue;
      await installConnector({ connector: s.connector, modulePath: s.modulePath! }, {
        ...opts,
        scope: row.scope,
        projectDir: row.projectDir ?? opts.projectDir,
        targets: [row.platform as PlatformId],
        skipHomeBin: true,
      });
    }
  }
}

/** The hook-honor matrix of every loaded connector, on `targets` when given. */
async function explainRows(list: Subject[], targets: PlatformId[] | undefined) {
  const rows = [];
  for (const s of list.filter((s) => s.connector)) {
    for (const r of await explainHooks(s.connector!)) {
      if (!targets || targets.includes(r.host as PlatformId)) rows.push({ connector: s.id, ...r });
    }
  }
  return rows;
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("doctor", args, {
    ...SHARED_FLAGS,
    probe: { type: "boolean" },
    heal: { type: "boolean" },
    explain: { type: "boolean" },
  });
  const opts = runOptionsOf(parsed, ctx, "doctor");
  const scopeGiven = scopeFlag(parsed, "doctor") !== undefined;
  const list = await subjects(parsed, ctx, opts.projectDir);
  const probe = boolFlag(parsed, "probe");
  let findings = await diagnose(list, opts, scopeGiven, ctx, probe);
  const json = boolFlag(parsed, "json");
  if (boolFlag(parsed, "heal")) {
    const before = findings.filter((f) => f.fixable && f.status !== "pass");
    if (opts.dryRun) {
      if (!json) {
        ctx.stdout.write(
          before.length ? `Would heal:\n${before.map(line).join("")}` : "Nothing to heal.\n",
        );
      }
    } else if (before.length) {
      await heal(list, findings, opts, scopeGiven, ctx);
      findings = await diagnose(list, opts, scopeGiven, ctx, probe);
      // Only a fixable finding can still be failing: a standing note under the
      // same check name (a host's "timeoutMs not written") is not the one healed.
      const still = (f: Finding) =>
        findings.find((g) => g.check === f.check && g.fixable && g.status !== "pass");
      const healed = before.filter((f) => !still(f));
      if (!json) {
        ctx.stdout.write(`Healed ${healed.length} of ${before.length} finding(s).\n`);
        for (const f of before.filter(still)) ctx.stdout.write(`  still failing: ${f.check}\n`);
      }
    }
    const deferred = findings.filter((f) => f.status === "warn" && !f.fixable);
    if (!json && deferred.length) {
      ctx.stdout.write(`Deferred (left as you have them): ${deferred.length}\n`);
    }
  }
  const explain = boolFlag(parsed, "explain") ? await explainRows(list, opts.targets) : undefined;
  if (json) {
    const out = findings.map(({ fixable: _f, connectorId: _c, drop: _d, ...d }) => d);
    // One JSON document: the findings, or with --explain { findings, explain }.
    ctx.stdout.write(`${JSON.stringify(explain ? { findings: out, explain } : out, null, 2)}\n`);
  } else {
    print(findings, ctx);
    for (const r of explain ?? []) {
      ctx.stdout.write(`  ${r.connector} ${r.host} ${r.event}: ${r.support} — ${r.reason}\n`);
    }
  }
  return findings.some((f) => f.status === "fail") ? 1 : 0;
}
