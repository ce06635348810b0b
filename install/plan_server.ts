/**
 * The server surface: the connector's MCP server as the host's native entry
 * (spec §2.2), or a `!` naming what the host cannot take.
 *
 * @module
 */

import type { ServerDef } from "../core/connector_types.ts";
import { effectiveServer, platformOverride } from "../core/overrides.ts";
import { scopePath, type ServerSurface, serverSurfaceFor } from "../adapters/descriptor.ts";
import { resolveLaunch } from "../adapters/render/server_launch.ts";
import { type EntryPlace, entryRemove, entrySet } from "./_entry_edits.ts";
import { emptyPlan, note, ownsEntryIn, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

/** True when `entry` is a server entry we wrote for `connectorId` (a serve wrapper). */
export function isOurServerEntry(entry: unknown, connectorId: string): boolean {
  const args = (entry as { args?: unknown })?.args;
  if (!Array.isArray(args)) return false;
  const at = args.indexOf("--connector");
  return args.includes("serve") && at >= 0 && args[at + 1] === connectorId;
}

/** The host's server surface as it applies in the run's scope. */
function scopedSurface(input: SurfaceInput): ServerSurface | undefined {
  const surface = input.adapter.server;
  return surface && serverSurfaceFor(surface, input.ctx.scope);
}

function place(input: SurfaceInput): EntryPlace | undefined {
  const surface = scopedSurface(input);
  const file = scopePath(surface?.paths, input.ctx.scope, input.ctx);
  if (!surface || !file) return undefined;
  return {
    platform: input.adapter.id,
    file,
    format: surface.format,
    at: surface.collection.at,
    key: input.connectorId,
    keyField: surface.collection.keyField,
    label: `MCP server ${input.connectorId}`,
    adopt: (current) => isOurServerEntry(current, input.connectorId),
  };
}

/** Plans the server entry of one host. */
export function planServer(input: SurfaceInput): PlanPart {
  const { adapter, connector, ctx } = input;
  if (!connector?.server) return emptyPlan();
  const plan = emptyPlan();
  const where = place(input);
  const server = effectiveServer(connector, adapter.id);
  const removeIfOurs = () => {
    if (where && ownsEntryIn(input, where.file)) plan.edits.push(entryRemove(where));
  };
  if (!server) {
    plan.notes.push(
      note(input, "skip", `MCP server: disabled by platforms["${adapter.id}"].server`),
    );
    removeIfOurs();
    return plan;
  }
  const surface = scopedSurface(input);
  if (!surface) {
    plan.notes.push(
      note(input, "warn", `${adapter.name} has no MCP server configuration; server not registered`),
    );
    return plan;
  }
  if (!where) {
    plan.notes.push(
      note(
        input,
        "warn",
        `${adapter.name} has no ${ctx.scope}-scope MCP config; server not registered`,
      ),
    );
    return plan;
  }
  if (!surface.transports.includes(server.transport)) {
    plan.notes.push(
      note(
        input,
        "warn",
        `${adapter.name} cannot register a ${server.transport} server; server not registered`,
        where.file,
      ),
    );
    return plan;
  }
  const launchFor = (s: ServerDef, serveCwd?: string) => {
    const launch = resolveLaunch({
      server: s,
      connectorId: input.connectorId,
      platform: adapter.id,
      scope: ctx.scope,
      homeBin: ctx.homeBin,
      os: ctx.os,
      envRef: surface.envRef,
      envByName: surface.envByName,
      envRefScope: surface.envRefScope,
      substitutesBraces: surface.substitutesBraces,
      serveCwd,
    });
    const rendered = surface.render({
      id: input.connectorId,
      displayName: connector.displayName,
      server: s,
      launch: launch.launch,
      remote: launch.remote,
    });
    return { launch, rendered };
  };
  let { launch, rendered } = launchFor(server);
  // A working directory the host's entry cannot hold (no field, or no
  // references in it) is applied by the serve wrapper instead (spec §2.2).
  if (
    server.transport === "stdio" && server.cwd !== undefined && launch.launch &&
    rendered.dropped.some((d) => d.field === "server.cwd")
  ) {
    const { cwd, ...withoutCwd } = server;
    ({ launch, rendered } = launchFor(withoutCwd, cwd));
  }
  for (const d of [...launch.dropped, ...rendered.dropped]) {
    plan.notes.push(
      note(
        input,
        "warn",
        `MCP server ${input.connectorId}: ${d.field} not written — ${d.reason}`,
        where.file,
      ),
    );
  }
  if (rendered.skip || (!launch.launch && !launch.remote)) {
    plan.notes.push(
      note(
        input,
        "warn",
        `MCP server ${input.connectorId}: ${rendered.skip ?? "cannot be launched by this host"}`,
        where.file,
      ),
    );
    removeIfOurs();
    return plan;
  }
  const extra = platformOverride(connector, adapter.id).extra ?? {};
  if (rendered.scalar !== undefined && Object.keys(extra).length) {
    plan.notes.push(
      note(
        input,
        "warn",
        `MCP server ${input.connectorId}: platforms["${adapter.id}"].extra not written — ` +
          `${adapter.name} keeps the server as one command string`,
        where.file,
      ),
    );
  }
  plan.edits.push(entrySet(where, rendered.scalar ?? { ...rendered.entry, ...extra }));
  return plan;
}

/** Plans the removal of the server entry (works without the connector module). */
export function unplanServer(input: SurfaceInput): PlanPart {
  const where = place(input);
  const plan = emptyPlan();
  if (!where) return plan;
  const text = input.ctx.probe.readText(where.file);
  if (text === undefined || !text.includes(JSON.stringify(input.connectorId).slice(1, -1))) {
    return plan;
  }
  plan.edits.push(entryRemove(where));
  return plan;
}
