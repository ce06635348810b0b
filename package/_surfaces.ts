/**
 * The "never silent" rule for packages: every surface a connector declares
 * that a format does not carry becomes one warning naming the format and the
 * reason.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";

/** The surfaces a package may or may not carry. */
export type PackageSurface =
  | "hooks"
  | "commands"
  | "subagents"
  | "memory"
  | "statusline"
  | "actions"
  | "configPatch"
  | "nativeHooks";

/** Whether `connector` declares `surface` at all. */
function declares(connector: ResolvedConnector, surface: PackageSurface): boolean {
  switch (surface) {
    case "hooks":
      return connector.hookEvents.length > 0;
    case "commands":
    case "subagents":
    case "memory":
    case "actions":
      return connector[surface].length > 0;
    case "statusline":
      return connector.statusline !== undefined;
    case "configPatch":
    case "nativeHooks":
      return Object.values(connector.platforms).some((o) =>
        o?.[surface] !== undefined && Object.keys(o[surface] ?? {}).length > 0
      );
  }
}

/** One warning per declared surface in `reasons` (surface → why the format does not carry it). */
export function surfaceWarnings(
  connector: ResolvedConnector,
  format: string,
  reasons: Partial<Record<PackageSurface, string>>,
): string[] {
  return (Object.entries(reasons) as Array<[PackageSurface, string]>)
    .filter(([surface]) => declares(connector, surface))
    .map(([surface, why]) => `${format}: ${surface} not packaged — ${why}`);
}
