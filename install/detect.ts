/**
 * Install-time detection (spec §4): which hosts are installed, from the
 * markers each descriptor declares, with the evidence. `AGENT_CONNECTOR_PLATFORM`
 * overrides detection: it names the one host to treat as installed.
 *
 * @module
 */

import { existsSync } from "node:fs";
import type { DetectedPlatform } from "../core/platform_types.ts";
import type { HostAdapter, ScopeName } from "../adapters/descriptor.ts";
import { scopePath } from "../adapters/descriptor.ts";
import type { PathContext } from "../adapters/paths.ts";

/** The evidence for one host. */
export interface Detection extends DetectedPlatform {
  /** The marker paths that exist. */
  evidence: string[];
}

/** The file an install would write for `scope` (server file, else hooks, else memory). */
export function primaryConfigPath(
  adapter: HostAdapter,
  scope: ScopeName,
  ctx: PathContext,
): string {
  return scopePath(adapter.server?.paths, scope, ctx) ??
    scopePath(adapter.hooks?.paths, scope, ctx) ??
    scopePath(adapter.memory?.paths, scope, ctx) ?? "";
}

/** Probes one adapter's markers. `exists` is injectable for tests. */
export function detectHost(
  adapter: HostAdapter,
  scope: ScopeName,
  ctx: PathContext,
  exists: (path: string) => boolean = existsSync,
): Detection {
  const override = ctx.env.AGENT_CONNECTOR_PLATFORM;
  const base = {
    id: adapter.id,
    name: adapter.name,
    paradigm: adapter.paradigm,
    capabilities: adapter.capabilities,
    configPath: primaryConfigPath(adapter, scope, ctx),
    scope,
  };
  if (override) {
    const chosen = override === adapter.id;
    return {
      ...base,
      installed: chosen,
      reason: chosen
        ? "AGENT_CONNECTOR_PLATFORM names this host"
        : `AGENT_CONNECTOR_PLATFORM names "${override}"`,
      confidence: chosen ? 1 : 0,
      evidence: [],
    };
  }
  const user = adapter.detect.user.map((p) => p(ctx)).filter(exists);
  const project = (adapter.detect.project ?? []).map((p) => p(ctx)).filter(exists);
  const evidence = [...user, ...project];
  const installed = evidence.length > 0;
  return {
    ...base,
    installed,
    reason: installed ? `found ${evidence.join(", ")}` : "no marker found",
    confidence: user.length ? Math.min(1, 0.7 + 0.15 * user.length) : project.length ? 0.5 : 0,
    evidence,
  };
}

/** Probes every adapter, in registry order. */
export function detectHosts(
  adapters: HostAdapter[],
  scope: ScopeName,
  ctx: PathContext,
  exists?: (path: string) => boolean,
): Detection[] {
  return adapters.map((a) => detectHost(a, scope, ctx, exists));
}
