/**
 * Which of a host's standing doctor notes concern one install row. A note
 * says what it is about (adapters/descriptor.ts `DoctorNote`); the row's
 * dry-run re-render says what the connector has on that host: a surface
 * counts when one of its records is in place or would be written (`=`, `+`,
 * `~`, or a `!` on something that is there, such as a hand-edited block),
 * never when it is only `not installed` or a stale entry being removed.
 *
 * ```ts
 * notesFor(adapter.doctorNotes, dryRun.changes, row.platform, row.scope); // → string[]
 * ```
 *
 * @module
 */

import type { ChangeRecord } from "../core/platform_types.ts";
import type { HookEventName } from "../core/hook_types.ts";
import type { DoctorNote, DoctorNoteSurface, ScopeName } from "../adapters/descriptor.ts";

/**
 * The subject of a change record's detail, which names its doctor check:
 * the text before the first `": "` (`hook Stop: unchanged` → `hook Stop`).
 * Not before the first colon, which a Windows path's drive letter holds
 * (`C:\Users\ann\.claude\settings.json: line 3 …`).
 */
export function detailSubject(detail: string): string {
  const end = detail.indexOf(": ");
  return end < 0 ? detail : detail.slice(0, end);
}

/** The surface a change record is about, read from its detail's label. */
function surfaceOf(detail: string): DoctorNoteSurface | undefined {
  if (detail.startsWith("MCP server")) return "server";
  if (detail.startsWith("host-native usage")) return "hostNativeUsage";
  if (detail.startsWith("hook ")) return "hooks";
  if (/^memory\b/.test(detail)) return "memory";
  return undefined;
}

/** True when the record stands for something the connector has on the host. */
function isPresent(c: ChangeRecord): boolean {
  if (c.action === "skip" || c.action === "create" || c.action === "update") return true;
  return c.action === "warn" && !/\bnot installed\b/.test(c.detail);
}

/** What the connector has on `platform`, by the records of its re-render. */
export interface RenderedSurfaces {
  /** Surfaces with at least one record in place or to be written. */
  surfaces: Set<DoctorNoteSurface>;
  /** Normalized hook events written (`hook PreToolUse (as BeforeTool)` → PreToolUse). */
  events: Set<string>;
}

/** Reads the surfaces and hook events `changes` show for `platform`. */
export function renderedSurfaces(
  changes: readonly ChangeRecord[],
  platform: string,
): RenderedSurfaces {
  const surfaces = new Set<DoctorNoteSurface>();
  const events = new Set<string>();
  for (const c of changes) {
    if (c.platform !== platform || !isPresent(c)) continue;
    const surface = surfaceOf(c.detail);
    if (!surface) continue;
    surfaces.add(surface);
    // Host-native usage rides on the hook surface too.
    if (surface === "hostNativeUsage") surfaces.add("hooks");
    const event = /^hook (\w+)/.exec(c.detail)?.[1];
    if (surface === "hooks" && event) events.add(event);
  }
  return { surfaces, events };
}

/** True when `note` concerns a row of `scope` whose re-render shows `has`. */
export function noteApplies(
  note: string | DoctorNote,
  has: RenderedSurfaces,
  scope: ScopeName,
): boolean {
  if (typeof note === "string") return true;
  if (note.scope && note.scope !== scope) return false;
  if (note.event && !has.events.has(note.event satisfies HookEventName)) return false;
  if (note.about === undefined) return true;
  const about: readonly DoctorNoteSurface[] = typeof note.about === "string"
    ? [note.about]
    : note.about;
  return about.some((s) => has.surfaces.has(s));
}

/** The texts of the notes that concern one install row. */
export function notesFor(
  notes: readonly (string | DoctorNote)[] | undefined,
  changes: readonly ChangeRecord[],
  platform: string,
  scope: ScopeName,
): string[] {
  if (!notes?.length) return [];
  const has = renderedSurfaces(changes, platform);
  return notes.filter((n) => noteApplies(n, has, scope)).map((n) =>
    typeof n === "string" ? n : n.text
  );
}
