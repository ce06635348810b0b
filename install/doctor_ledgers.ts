/**
 * doctor's ledger repairs and the ledgers left without a record: `--heal`
 * takes stale rows and claims out of a connector's own ledgers
 * ({@link dropStale}), and a `connectors/<id>/` folder whose ledgers
 * outlived its `connector.json` is reported ({@link orphanLedger}).
 *
 * @module
 */

import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { MachineEnv } from "../io/machine_env.ts";
import { connectorDir } from "../io/data_root.ts";
import { connectorRecordPath } from "../io/connector_record.ts";
import {
  type MemoryLedger,
  memoryLedgerPath,
  type MemoryRow,
  type OwnedLedger,
  ownedLedgerPath,
  type OwnedRecord,
} from "../io/ledgers.ts";
import { readStateFile, writeStateFile } from "../io/state_file.ts";
import { withLock } from "../io/lock.ts";
import { recordUninstall } from "./connector_state.ts";
import { type Claims, type StaleDrop, type StaleFinding, staleFindings } from "./doctor_stale.ts";

/** Ids under `<root>/connectors/` with ledgers but no `connector.json` at all, sorted. */
export function ledgerOnlyIds(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, "connectors"));
  } catch {
    return [];
  }
  return names.filter((id) =>
    !existsSync(connectorRecordPath(root, id)) &&
    (existsSync(ownedLedgerPath(root, id)) || existsSync(memoryLedgerPath(root, id)))
  ).sort();
}

/**
 * The findings of a ledger left without its record: claims on files that
 * are gone or of hosts this version does not know (dropped by `--heal`),
 * and one warning when claims on existing files remain (uninstall removes
 * what they name).
 */
export function orphanLedger(input: {
  machine: MachineEnv;
  root: string;
  connectorId: string;
  claims: Claims;
  inView(platform: string, scope?: string): boolean;
}): StaleFinding[] {
  const { root, connectorId: id, claims } = input;
  const out = staleFindings({ ...input, rows: [], rendered: [] });
  const dropped = new Set(out.flatMap((f) => [...f.drop?.claims ?? [], ...f.drop?.memory ?? []]));
  const left = [...claims.owned, ...claims.memory].filter((c) => !dropped.has(c));
  if (left.length) {
    out.push({
      check: `${id}: registration`,
      status: "warn",
      message: `${connectorRecordPath(root, id)} is missing, but ${left.length} claim(s) in ` +
        `${connectorDir(root, id)} name files that still exist`,
      fix: `run \`agent-connector uninstall --connector-id ${id} --purge\` to remove what it wrote`,
      fixable: false,
      connectorId: id,
    });
  }
  return out;
}

const sameClaim = (a: OwnedRecord, b: OwnedRecord) =>
  a.platform === b.platform && a.file === b.file && a.kind === b.kind && a.at === b.at &&
  a.scope === b.scope;

const sameMemory = (a: MemoryRow, b: MemoryRow) =>
  a.platform === b.platform && a.scope === b.scope && a.path === b.path && a.blockId === b.blockId;

/**
 * Takes each drop's install rows and claims out of its connector's ledgers,
 * under the install lock. Host and user files are never touched.
 */
export async function dropStale(root: string, drops: readonly StaleDrop[]): Promise<void> {
  if (!drops.length) return;
  await withLock(root, () => {
    for (const id of new Set(drops.map((d) => d.connectorId))) {
      const mine = drops.filter((d) => d.connectorId === id);
      const claims = mine.flatMap((d) => d.claims);
      const memory = mine.flatMap((d) => d.memory);
      const rows = mine.flatMap((d) => d.rows);
      if (claims.length) {
        const path = ownedLedgerPath(root, id);
        const ledger = readStateFile<OwnedLedger>(path, { version: 1, records: [] });
        const records = ledger.records.filter((r) => !claims.some((c) => sameClaim(r, c)));
        writeStateFile(path, records.length ? { ...ledger, records } : undefined);
      }
      if (memory.length) {
        const path = memoryLedgerPath(root, id);
        const ledger = readStateFile<MemoryLedger>(path, { version: 1, rows: [] });
        const kept = ledger.rows.filter((r) => !memory.some((m) => sameMemory(r, m)));
        writeStateFile(path, kept.length ? { ...ledger, rows: kept } : undefined);
      }
      if (rows.length) recordUninstall(root, id, rows);
    }
  });
}
