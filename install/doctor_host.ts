/**
 * doctor's host-specific findings for one install row: the host's standing
 * notes that concern the row (Codex asks you to trust a new hook — only when
 * the connector has hooks there; doctor_notes.ts) and its checks of the
 * user's own settings (hooks switched off, …). Read-only.
 *
 * @module
 */

import type { ChangeRecord } from "../core/platform_types.ts";
import type { InstallRow } from "../io/connector_record.ts";
import { loadAdapter } from "../adapters/registry.ts";
import { diskProbe } from "./context.ts";
import { notesFor } from "./doctor_notes.ts";
import type { RunOptions } from "./pipeline.ts";

/** A host finding, shaped like doctor's other findings. */
export interface HostCheckFinding {
  /** What was checked. */
  check: string;
  /** How it stands. */
  status: "warn" | "fail";
  /** What was found. */
  message: string;
  /** The manual step, when there is one. */
  fix?: string;
}

/**
 * The notes and settings checks of the host of `row`; `rendered` is the
 * row's dry-run re-render, which says which surfaces the connector has there.
 */
export async function checkHostSpecifics(
  connectorId: string,
  row: InstallRow,
  opts: RunOptions,
  rendered: readonly ChangeRecord[],
): Promise<HostCheckFinding[]> {
  const adapter = await loadAdapter(row.platform);
  if (!adapter) return [];
  const where = `${connectorId} @ ${row.platform} (${row.scope})`;
  const out: HostCheckFinding[] = notesFor(
    adapter.doctorNotes,
    rendered,
    row.platform,
    row.scope,
  ).map((message) => ({
    check: `${where}: ${adapter.name}`,
    status: "warn",
    message: `note: ${message}`,
  }));
  const ctx = {
    home: opts.machine.home,
    env: opts.machine.env,
    os: opts.machine.os,
    projectDir: row.projectDir ?? opts.projectDir,
  };
  for (const f of await adapter.doctorChecks?.({ scope: row.scope, ctx, probe: diskProbe }) ?? []) {
    out.push({ check: `${where}: ${adapter.name} settings`, ...f });
  }
  return out;
}
