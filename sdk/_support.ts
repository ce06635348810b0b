/**
 * How well a host honors each surface, read from its descriptor, and how
 * sure we are of it, read from the real-host lab's last run: the one source
 * of the capability table (docs/capabilities.md), of `explain` and of the
 * introspection helpers (spec §9.2), so they cannot disagree.
 *
 * - `native`: the host takes the surface as declared, in both scopes.
 * - `degraded`: it takes it with a stated loss — one scope only, stdio
 *   only, or only some hook events (or some only approximately).
 * - `unsupported`: install reports a skip.
 *
 * Evidence: `lab` when the lab's check for the surface passed on the host
 * (tests/lab, docs/real-hosts.md); else `source` when the adapter's facts
 * were read in the host's own code, else `docs` (its documentation, or
 * the shared host notes).
 *
 * @module
 */

import { HOOK_EVENT_NAMES } from "../core/hook_types.ts";
import type { SurfaceName } from "../core/platform_types.ts";
import { actionTrigger, type HostAdapter, type ScopePaths } from "../adapters/descriptor.ts";
import { LAB_RUNS } from "../adapters/lab_evidence.gen.ts";

/** How well a host honors a surface. */
export type SupportLevel = "native" | "degraded" | "unsupported";

/** Where that judgment comes from. */
export type SupportEvidence = "lab" | "source" | "docs";

/** A host's support for one surface, with why and how we know. */
export interface SurfaceSupportInfo {
  /** The level. */
  level: SupportLevel;
  /** Why, in a few words ("project scope only", "fires 6 of 13 events"). */
  reason: string;
  /** How we know. */
  evidence: SupportEvidence;
  /** For `lab`: the host version that passed (`2.1.197`). */
  labVersion?: string;
}

/** The lab checks that prove a surface works in the real host (tests/lab/hosts/_types.ts). */
export const LAB_CHECKS: Partial<Record<SurfaceName, readonly string[]>> = {
  server: ["mcp-call"],
  hooks: ["hook-allow", "hook-deny"],
  memory: ["memory"],
  skills: ["skill"],
  commands: ["command"],
};

/** The eight events every hook host is expected to fire (spec §4's required flags). */
const CORE_EVENTS = HOOK_EVENT_NAMES.slice(0, 8);

function scopesOf(paths: ScopePaths | undefined): string | undefined {
  if (!paths) return undefined;
  if (paths.user && paths.project) return undefined;
  return paths.user ? "user scope only" : paths.project ? "project scope only" : "no scope";
}

function surfacePaths(a: HostAdapter, surface: SurfaceName): ScopePaths | undefined {
  switch (surface) {
    case "server":
      return a.server?.paths;
    case "hooks":
    case "nativeHooks":
      return a.hooks?.paths;
    case "configPatch":
      return a.configPatch?.paths;
    case "actions":
      return actionTrigger(a)?.paths;
    default: {
      const s =
        a[surface as "commands" | "skills" | "subagents" | "memory" | "statusline" | "actions"];
      return s?.paths;
    }
  }
}

function present(a: HostAdapter, surface: SurfaceName): boolean {
  switch (surface) {
    case "server":
      return (a.server?.transports.length ?? 0) > 0;
    case "hooks":
      return Object.keys(a.hooks?.events ?? {}).length > 0;
    case "nativeHooks":
      return a.hooks?.nativeHooks === true;
    case "actions":
      return actionTrigger(a) !== undefined;
    default:
      return Boolean(a[surface as keyof HostAdapter]);
  }
}

/** What is lost on top of the scope, per surface. */
function loss(a: HostAdapter, surface: SurfaceName): string[] {
  if (surface === "server") {
    const t = a.server!.transports;
    const out: string[] = [];
    if (!t.includes("stdio")) out.push("no stdio");
    if (!t.includes("http") && !t.includes("sse")) out.push("stdio only");
    return out;
  }
  if (surface === "hooks") {
    const events = a.hooks!.events;
    const fired = HOOK_EVENT_NAMES.filter((e) => events[e]);
    const approx = fired.filter((e) => events[e]?.approx);
    const coreMissing = CORE_EVENTS.filter((e) => !events[e] || events[e]?.approx);
    if (!coreMissing.length) return [];
    const out = [`fires ${fired.length} of ${HOOK_EVENT_NAMES.length} events`];
    if (approx.length) out.push(`${approx.length} approximately`);
    return out;
  }
  return [];
}

function evidence(a: HostAdapter, surface: SurfaceName, level: SupportLevel) {
  const run = LAB_RUNS[a.id];
  const checks = LAB_CHECKS[surface];
  if (level !== "unsupported" && run && checks?.every((c) => run.passed.includes(c))) {
    return { evidence: "lab" as const, labVersion: run.version };
  }
  return { evidence: a.factsFrom === "source" ? "source" as const : "docs" as const };
}

/** How `adapter` honors `surface`, and how we know. */
export function surfaceSupportOf(adapter: HostAdapter, surface: SurfaceName): SurfaceSupportInfo {
  if (!present(adapter, surface)) {
    return {
      level: "unsupported",
      reason: `${adapter.name} has no ${surface} surface`,
      ...evidence(adapter, surface, "unsupported"),
    };
  }
  const losses = [scopesOf(surfacePaths(adapter, surface)), ...loss(adapter, surface)]
    .filter((s): s is string => !!s);
  const level: SupportLevel = losses.length ? "degraded" : "native";
  const reason = losses.length ? losses.join("; ") : `${adapter.name} supports ${surface}`;
  return { level, reason, ...evidence(adapter, surface, level) };
}
