/**
 * One doctor finding, apart from install/doctor.ts so the checks in their
 * own modules (install/doctor_local_entry.ts) name it without importing
 * the doctor.
 *
 * @module
 */

import type { DiagnosticResult } from "../core/platform_types.ts";
import type { StaleDrop } from "./doctor_stale.ts";

/** One finding, tagged with what `--heal` can do about it. */
export interface Finding extends DiagnosticResult {
  /** The connector it concerns (absent for framework checks). */
  connectorId?: string;
  /** True when `upgrade` (or, with `drop`, dropping stale ledger rows) would clear it. */
  fixable: boolean;
  /** For a stale ledger finding: what `--heal` drops (install/doctor_stale.ts). */
  drop?: StaleDrop;
}
