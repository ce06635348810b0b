/**
 * The two set-if-absent surfaces that share the configPatch ledger: the
 * status line (spec §2.5) and configPatch keys (§2.8). Installed last,
 * removed first; uninstall is keyed off the ledger, so it needs no module.
 *
 * @module
 */

import type { JsonValue } from "../core/connector_types.ts";
import { expandEnv } from "../core/interpolation.ts";
import { platformOverride, statuslineOptions } from "../core/overrides.ts";
import { scopePath } from "../adapters/descriptor.ts";
import { statuslineCommand } from "../adapters/render/command_line.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

const OPTION_FLAG = {
  refreshInterval: "refreshInterval",
  respectUserColors: "respectUserColors",
  hideContextIndicator: "hideContextIndicator",
} as const;

/** Plans the status line of one host. */
export function planStatusline(input: SurfaceInput): PlanPart {
  const { adapter, connector, ctx } = input;
  const plan = emptyPlan();
  if (!connector?.statusline) return plan;
  const surface = adapter.statusline;
  const file = scopePath(surface?.paths, ctx.scope, ctx);
  if (!surface || !file) {
    const why = !surface
      ? `${adapter.name} has no command status line`
      : `${adapter.name} has no ${ctx.scope}-scope settings for it`;
    plan.notes.push(note(input, "warn", `statusline: not installed — ${why}`));
    return plan;
  }
  const options = statuslineOptions(connector, adapter.id);
  for (const [option, flag] of Object.entries(OPTION_FLAG)) {
    const set = options[option as keyof typeof options] !== undefined;
    if (set && !surface.supports[flag]) {
      plan.notes.push(
        note(
          input,
          "warn",
          `statusline: option ${option} not written — ${adapter.name} has no such setting`,
          file,
        ),
      );
    }
  }
  const command = statuslineCommand(ctx.homeBin, ctx.os, adapter.id, input.connectorId);
  plan.edits.push({
    op: "json.patch",
    platform: adapter.id,
    file,
    path: surface.key.split("."),
    value: surface.render(command, options),
    reason: `status line of ${connector.displayName}`,
    label: surface.key,
  });
  return plan;
}

function expandValue(value: JsonValue, env: Record<string, string | undefined>): JsonValue {
  if (typeof value === "string") return expandEnv(value, env);
  if (Array.isArray(value)) return value.map((v) => expandValue(v, env));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandValue(v, env)]));
  }
  return value;
}

/** Plans the configPatch keys of one host. */
export function planConfigPatches(input: SurfaceInput): PlanPart {
  const { adapter, connector, ctx } = input;
  const plan = emptyPlan();
  const patches = connector ? platformOverride(connector, adapter.id).configPatch ?? [] : [];
  if (!patches.length) return plan;
  const surface = adapter.configPatch;
  const file = scopePath(surface?.paths, ctx.scope, ctx);
  if (!surface || !file) {
    const why = !surface
      ? `configPatch not supported on ${adapter.id}`
      : `${adapter.name} has no ${ctx.scope}-scope settings file`;
    for (const p of patches) {
      const docs = p.docsUrl ? ` — see ${p.docsUrl}` : "";
      plan.notes.push(
        note(
          input,
          "warn",
          `configPatch ${p.key}: ${why}; set it to ${
            JSON.stringify(p.value)
          } yourself (${p.reason})${docs}`,
        ),
      );
    }
    return plan;
  }
  for (const p of patches) {
    plan.edits.push({
      op: "json.patch",
      platform: adapter.id,
      file,
      path: p.key.split("."),
      value: expandValue(p.value, ctx.env),
      reason: p.reason,
      docsUrl: p.docsUrl,
      // defineConnector already refused the reserved namespace; the denylist is per host.
      guard: (key, value) => surface.denied(key, value),
      label: `configPatch ${p.key}`,
    });
  }
  return plan;
}

/** Plans the release of every ledger key this connector owns on this host and scope. */
export function unplanPatches(input: SurfaceInput): PlanPart {
  const { adapter, ctx } = input;
  const plan = emptyPlan();
  const files = new Set(
    [adapter.configPatch?.paths, adapter.statusline?.paths]
      .map((paths) => scopePath(paths, ctx.scope, ctx))
      .filter((f): f is string => !!f),
  );
  for (const row of input.ledgers.patches.rows) {
    if (row.platform !== adapter.id || !files.has(row.file)) continue;
    if (!row.owners.some((o) => o.connectorId === input.connectorId)) continue;
    plan.edits.push({
      op: "json.patch.release",
      platform: adapter.id,
      file: row.file,
      path: row.key.split("."),
      label: row.key === adapter.statusline?.key ? row.key : `configPatch ${row.key}`,
    });
  }
  return plan;
}
