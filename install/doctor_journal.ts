/**
 * doctor's view of the write journal (install/journal.ts): an engine run
 * that died mid-way is a finding `--heal` fixes by rolling it back (any
 * install or uninstall does too); a run still going is only noted.
 *
 * @module
 */

import type { MachineEnv } from "../io/machine_env.ts";
import { dataRoot } from "../io/data_root.ts";
import { withLock } from "../io/lock.ts";
import type { ChangeRecord } from "../core/platform_types.ts";
import type { Finding } from "./doctor.ts";
import { journalOwnerAlive, journalPath, readJournal, rollBack } from "./journal.ts";

/** The check name of the finding. */
export const JOURNAL_CHECK = "interrupted run";

/** The journal's finding, if there is a journal. */
export function checkJournal(host: MachineEnv): Finding[] {
  const root = dataRoot(host);
  const journal = readJournal(root);
  if (!journal) return [];
  const { header, files } = journal;
  if (journalOwnerAlive(header)) {
    return [{
      check: JOURNAL_CHECK,
      status: "pass",
      message: `an install of ${header.connectorId} is running (process ${header.pid})`,
      fixable: false,
    }];
  }
  const list = files.map((f) => f.file);
  return [{
    check: JOURNAL_CHECK,
    status: "warn",
    message: `an install or uninstall of ${header.connectorId} started ${header.startedAt} ` +
      `was interrupted (process ${header.pid} is gone) after it began writing ${list.length} ` +
      `file(s)${list.length ? `: ${[...new Set(list)].join(", ")}` : ""} (${journalPath(root)})`,
    fix: "agent-connector doctor --heal puts them back as they were (so does the next " +
      "install or uninstall); then run the install again",
    fixable: true,
  }];
}

/** Rolls an interrupted run back under the install lock; returns what it did. */
export function healJournal(host: MachineEnv): Promise<ChangeRecord[]> {
  const root = dataRoot(host);
  return withLock(root, () => rollBack(root));
}
