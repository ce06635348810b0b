/**
 * `explain` and `explainHooks`: the offline support matrices of a connector
 * over every registered host.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { HookEventName } from "../core/hook_types.ts";
import type { PlatformId, SurfaceName } from "../core/platform_types.ts";
import { effectiveHookEvents, platformOverride } from "../core/overrides.ts";
import { loadAllAdapters } from "../adapters/registry.ts";
import type { HostAdapter } from "../adapters/descriptor.ts";
import { type SupportEvidence, type SupportLevel, surfaceSupportOf } from "./_support.ts";

/** One (host, surface) cell. */
export interface ExplainRow {
  /** The host. */
  host: PlatformId;
  /** The surface. */
  surface: SurfaceName;
  /** How the host handles it. */
  support: "native" | "skip-warn" | "disabled";
  /** Why. */
  reason: string;
  /** How well the host honors the surface, whatever the connector set (sdk/_support.ts). */
  level: SupportLevel;
  /** How we know: a passing real-host lab check, the host's source, or its docs. */
  evidence: SupportEvidence;
  /** For `lab` evidence: the host version the lab ran. */
  labVersion?: string;
}

/** One (host, event) cell of the hook-honor matrix. */
export interface HookExplainRow {
  /** The host. */
  host: PlatformId;
  /** The normalized event. */
  event: HookEventName;
  /** Whether the host fires it as declared. */
  support: "honored" | "degraded" | "dropped";
  /** Why. */
  reason: string;
}

function declaredSurfaces(c: ResolvedConnector, host: PlatformId): SurfaceName[] {
  const o = platformOverride(c, host);
  const out: SurfaceName[] = [];
  if (c.server) out.push("server");
  const hooksObject = typeof o.hooks === "object" && Object.keys(o.hooks).length > 0;
  if (c.hookEvents.length || hooksObject) out.push("hooks");
  if (c.commands.length) out.push("commands");
  if (c.skills.length) out.push("skills");
  if (c.subagents.length) out.push("subagents");
  if (c.memory.length) out.push("memory");
  if (c.statusline) out.push("statusline");
  if (o.configPatch?.length) out.push("configPatch");
  if (o.nativeHooks && Object.keys(o.nativeHooks).length) out.push("nativeHooks");
  if (c.actions.length) out.push("actions");
  return out;
}

function disabled(c: ResolvedConnector, host: PlatformId, surface: SurfaceName): boolean {
  const value = (platformOverride(c, host) as Record<string, unknown>)[surface];
  return value === false;
}

function row(c: ResolvedConnector, a: HostAdapter, surface: SurfaceName): ExplainRow {
  const info = surfaceSupportOf(a, surface);
  const known = {
    level: info.level,
    evidence: info.evidence,
    ...(info.labVersion ? { labVersion: info.labVersion } : {}),
  };
  if (disabled(c, a.id, surface)) {
    return {
      host: a.id,
      surface,
      support: "disabled",
      reason: `platforms["${a.id}"].${surface} is false`,
      ...known,
    };
  }
  if (info.level !== "unsupported") {
    const reason = info.level === "degraded"
      ? `${a.name} supports ${surface}, degraded: ${info.reason}`
      : surface === "server"
      ? `registered in ${a.name}'s MCP config (some IDEs manage registration themselves)`
      : `${a.name} supports ${surface}`;
    return { host: a.id, surface, support: "native", reason, ...known };
  }
  return {
    host: a.id,
    surface,
    support: "skip-warn",
    reason: `${a.name} has no ${surface} surface; install reports a skip`,
    ...known,
  };
}

/** One row per (registered host, surface the connector declares). */
export async function explain(connector: ResolvedConnector): Promise<ExplainRow[]> {
  const rows: ExplainRow[] = [];
  for (const adapter of await loadAllAdapters()) {
    for (const surface of declaredSurfaces(connector, adapter.id)) {
      rows.push(row(connector, adapter, surface));
    }
  }
  return rows;
}

/** One row per (registered host, hook event the connector handles there). */
export async function explainHooks(connector: ResolvedConnector): Promise<HookExplainRow[]> {
  const rows: HookExplainRow[] = [];
  for (const a of await loadAllAdapters()) {
    for (const event of effectiveHookEvents(connector, a.id)) {
      const spec = a.hooks?.events[event];
      if (!spec) {
        rows.push({
          host: a.id,
          event,
          support: "dropped",
          reason: a.hooks?.unfired?.[event] ?? `${a.name} has no ${event} event`,
        });
      } else if (spec.approx) {
        rows.push({
          host: a.id,
          event,
          support: "degraded",
          reason: `as ${spec.name}: ${spec.approx}`,
        });
      } else {
        rows.push({ host: a.id, event, support: "honored", reason: `native ${spec.name}` });
      }
    }
  }
  return rows;
}
