/**
 * doctor's ledger checks: claims and install rows that no run of this
 * version can ever release or re-render (spec §3 "ledger checks").
 *
 * - A host this version has no adapter for (the record was written by
 *   another version): its install rows, ownership claims and memory rows.
 * - An install row whose project folder is gone, or whose host is no longer
 *   installed (no marker) with nothing the connector wrote there left.
 * - A claim on a file that no longer exists and that no live install would
 *   write again.
 *
 * Each finding carries a {@link StaleDrop}: what `doctor --heal` takes out
 * of the connector's own ledgers (`dropStale`, install/doctor_ledgers.ts). Healing never touches
 * a host file or a user file — only `connector.json`, `owned.json` and
 * `memory-state.json` under the data root. A host unknown to this version
 * but known to a newer one (the record's `frameworkVersion` is newer) is
 * reported and never dropped: that version can still remove what it wrote.
 *
 * @module
 */

import { existsSync } from "node:fs";
import type { ChangeRecord, DiagnosticResult } from "../core/platform_types.ts";
import { VERSION } from "../core/version.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import {
  type ConnectorRecord,
  connectorRecordPath,
  type InstallRow,
} from "../io/connector_record.ts";
import {
  type MemoryLedger,
  memoryLedgerPath,
  type MemoryRow,
  type OwnedLedger,
  ownedLedgerPath,
  type OwnedRecord,
} from "../io/ledgers.ts";
import { readStateFile } from "../io/state_file.ts";
import { isInside } from "../adapters/paths.ts";
import { loadAdapter, registryEntry } from "../adapters/registry.ts";
import { detectHost } from "./detect.ts";

/** What `doctor --heal` takes out of one connector's ledgers. */
export interface StaleDrop {
  /** The connector. */
  connectorId: string;
  /** Install rows to take out of `connector.json`. */
  rows: InstallRow[];
  /** Ownership claims to take out of `owned.json`. */
  claims: OwnedRecord[];
  /** Memory rows to take out of `memory-state.json`. */
  memory: MemoryRow[];
}

/** A ledger check's finding, shaped like doctor's. */
export interface StaleFinding extends DiagnosticResult {
  /** The connector. */
  connectorId: string;
  /** True when `--heal` can clear it. */
  fixable: boolean;
  /** What healing drops (absent when it cannot be healed). */
  drop?: StaleDrop;
}

/** A connector's claims: its ownership records and memory rows. */
export interface Claims {
  /** `owned.json` records. */
  owned: OwnedRecord[];
  /** `memory-state.json` rows. */
  memory: MemoryRow[];
}

/** How an install row stands before any re-render. */
export type RowState =
  | { kind: "live" }
  | { kind: "unknown-host" }
  | { kind: "project-gone" }
  | { kind: "host-gone"; name: string };

/** Reads a connector's claims; throws `state-unreadable` on a broken ledger. */
export function readClaims(root: string, connectorId: string): Claims {
  const owned = readStateFile<OwnedLedger>(ownedLedgerPath(root, connectorId), {
    version: 1,
    records: [],
  });
  const memory = readStateFile<MemoryLedger>(memoryLedgerPath(root, connectorId), {
    version: 1,
    rows: [],
  });
  return { owned: owned.records ?? [], memory: memory.rows ?? [] };
}

interface Claimed {
  platform: string;
  scope?: string;
  file: string;
}

const claimedOf = (c: Claims): Claimed[] => [
  ...c.owned,
  ...c.memory.map((m) => ({ platform: m.platform, scope: m.scope, file: m.path })),
];

/** True when a claim was made by the install `row`. */
export function claimOfRow(c: Claimed, row: InstallRow, os: MachineEnv["os"]): boolean {
  if (c.platform !== row.platform) return false;
  if (c.scope !== undefined && c.scope !== row.scope) return false;
  return row.scope === "user" ||
    (row.projectDir !== undefined && isInside(c.file, row.projectDir, os));
}

/**
 * The state of `row`: its host unknown to this version, its project gone,
 * its host no longer installed with nothing of the connector left in it, or
 * live (doctor re-renders it). Detection ignores `AGENT_CONNECTOR_PLATFORM`:
 * a pinned host in the shell does not make the others uninstalled.
 */
export async function rowState(
  row: InstallRow,
  claims: Claims,
  machine: MachineEnv,
): Promise<RowState> {
  const adapter = await loadAdapter(row.platform);
  if (!adapter) return { kind: "unknown-host" };
  if (row.scope === "project" && row.projectDir && !existsSync(row.projectDir)) {
    return { kind: "project-gone" };
  }
  const { AGENT_CONNECTOR_PLATFORM: _pinned, ...env } = machine.env;
  const ctx = {
    home: machine.home,
    env,
    os: machine.os,
    projectDir: row.projectDir ?? machine.cwd,
  };
  if (detectHost(adapter, row.scope, ctx).installed) return { kind: "live" };
  const left = claimedOf(claims).some((c) => claimOfRow(c, row, machine.os) && existsSync(c.file));
  return left ? { kind: "live" } : { kind: "host-gone", name: adapter.name };
}

/** Numeric x.y.z comparison (pre-release tags ignored); 0 when either is unparsable. */
function compareVersions(a: string | undefined, b: string): number {
  const parts = (v: string) => /^(\d+)\.(\d+)\.(\d+)/.exec(v)?.slice(1).map(Number);
  const x = a ? parts(a) : undefined;
  const y = parts(b);
  if (!x || !y) return 0;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

const DROP_FIX =
  "run `agent-connector doctor --heal` to drop them (no host or user file is touched)";

function listFiles(files: string[], max = 3): string {
  const unique = [...new Set(files)];
  const shown = unique.slice(0, max).join(", ");
  return unique.length > max ? `${shown} and ${unique.length - max} more` : shown;
}

/** What `staleFindings` needs for one connector. */
export interface StaleInput {
  /** The machine. */
  machine: MachineEnv;
  /** The data root. */
  root: string;
  /** The connector. */
  connectorId: string;
  /** Its record (absent: a ledger with no record). */
  record?: ConnectorRecord;
  /** Its claims. */
  claims: Claims;
  /** The install rows doctor looks at (after `--targets` / `--scope`), with their states. */
  rows: Array<{ row: InstallRow; state: RowState }>;
  /** Whether a claim's host (and scope) is in view of `--targets` / `--scope`. */
  inView(platform: string, scope?: string): boolean;
  /** The changes of the live rows' dry-run re-renders. */
  rendered: ChangeRecord[];
}

/** The ledger findings of one connector (see the module doc). */
export function staleFindings(input: StaleInput): StaleFinding[] {
  const { machine, root, connectorId: id, claims } = input;
  const out: StaleFinding[] = [];
  const recordFile = connectorRecordPath(root, id);
  const ownedFile = ownedLedgerPath(root, id);
  const base = { connectorId: id };
  const os = machine.os;
  const claimsOf = (row: InstallRow) => ({
    owned: claims.owned.filter((c) => claimOfRow(c, row, os)),
    memory: claims.memory.filter((m) =>
      claimOfRow({ platform: m.platform, scope: m.scope, file: m.path }, row, os)
    ),
  });
  const taken = new Set<OwnedRecord | MemoryRow>();

  // Hosts this version has no adapter for: their rows and every claim naming them.
  const unknown = new Set<string>();
  for (const { row } of input.rows) if (!registryEntry(row.platform)) unknown.add(row.platform);
  for (const c of claimedOf(claims)) {
    if (!registryEntry(c.platform) && input.inView(c.platform, c.scope)) unknown.add(c.platform);
  }
  const newer = compareVersions(input.record?.frameworkVersion, VERSION) > 0;
  for (const platform of [...unknown].sort()) {
    const rows = input.rows.filter((r) => r.row.platform === platform).map((r) => r.row);
    const owned = claims.owned.filter((c) =>
      c.platform === platform && input.inView(c.platform, c.scope)
    );
    const memory = claims.memory.filter((m) =>
      m.platform === platform && input.inView(m.platform, m.scope)
    );
    for (const x of [...owned, ...memory]) taken.add(x);
    // Files only this host claims may still hold what it wrote; shared ones
    // stay with the other hosts' claims.
    const shared = (f: string) =>
      claimedOf(claims).some((c) => c.file === f && !unknown.has(c.platform));
    const left = [...owned.map((c) => c.file), ...memory.map((m) => m.path)]
      .filter((f) => !shared(f) && existsSync(f));
    const where = rows.length ? recordFile : ownedFile;
    const n = owned.length + memory.length;
    const message =
      `${where} names host "${platform}", which agent-connector ${VERSION} has no adapter for ` +
      `(${rows.length} install row(s), ${n} claim(s))` +
      (left.length ? `; what it wrote for that host may still be in ${listFiles(left)}` : "");
    out.push(
      newer
        ? {
          ...base,
          check: `${id} @ ${platform}: registration`,
          status: "warn",
          message: `${message}; the record was written by agent-connector ${
            input.record!.frameworkVersion
          }`,
          fix: `run agent-connector ${
            input.record!.frameworkVersion
          } or newer (it knows ${platform})`,
          fixable: false,
        }
        : {
          ...base,
          check: `${id} @ ${platform}: registration`,
          status: "warn",
          message,
          fix: `${
            left.length
              ? `if you still use ${platform}, remove them from those files by hand; then `
              : ""
          }run \`agent-connector doctor --heal\` to forget the host (only agent-connector's own records change)`,
          fixable: true,
          drop: { connectorId: id, rows, claims: owned, memory },
        },
    );
  }

  // Rows whose project is gone, or whose host is gone with nothing of ours left.
  for (const { row, state } of input.rows) {
    if (state.kind !== "project-gone" && state.kind !== "host-gone") continue;
    const mine = claimsOf(row);
    for (const x of [...mine.owned, ...mine.memory]) taken.add(x);
    const why = state.kind === "project-gone"
      ? `project ${row.projectDir} no longer exists`
      : `${state.name} is no longer installed here (no marker found) and nothing the connector wrote for it is left`;
    out.push({
      ...base,
      check: `${id} @ ${row.platform} (${row.scope}): registration`,
      status: "warn",
      message: `${why}; ${recordFile} still lists it (${
        mine.owned.length + mine.memory.length
      } claim(s))`,
      fix:
        "run `agent-connector doctor --heal` to forget it (only agent-connector's own records change)",
      fixable: true,
      drop: { connectorId: id, rows: [row], claims: mine.owned, memory: mine.memory },
    });
  }

  // Claims on files that are gone and that no live install writes again.
  const recreated = new Set(
    input.rendered.filter((c) => c.action === "create" && c.path).map((c) => c.path!),
  );
  const gone = new Map<string, { owned: OwnedRecord[]; memory: MemoryRow[] }>();
  const add = (platform: string, x: { owned?: OwnedRecord; memory?: MemoryRow }) => {
    const g = gone.get(platform) ?? { owned: [], memory: [] };
    if (x.owned) g.owned.push(x.owned);
    if (x.memory) g.memory.push(x.memory);
    gone.set(platform, g);
  };
  for (const c of claims.owned) {
    if (taken.has(c) || !input.inView(c.platform, c.scope)) continue;
    if (!existsSync(c.file) && !recreated.has(c.file)) add(c.platform, { owned: c });
  }
  for (const m of claims.memory) {
    if (taken.has(m) || !input.inView(m.platform, m.scope)) continue;
    if (!existsSync(m.path) && !recreated.has(m.path)) add(m.platform, { memory: m });
  }
  for (const [platform, g] of [...gone].sort(([a], [b]) => a.localeCompare(b))) {
    const files = [...g.owned.map((c) => c.file), ...g.memory.map((m) => m.path)];
    const ledgers = [
      ...(g.owned.length ? [ownedFile] : []),
      ...(g.memory.length ? [memoryLedgerPath(root, id)] : []),
    ].join(" and ");
    out.push({
      ...base,
      check: `${id} @ ${platform}: claims`,
      status: "warn",
      message: `${files.length} claim(s) in ${ledgers} name files that no longer exist: ${
        listFiles(files)
      }`,
      fix: DROP_FIX,
      fixable: true,
      drop: { connectorId: id, rows: [], claims: g.owned, memory: g.memory },
    });
  }
  return out;
}
