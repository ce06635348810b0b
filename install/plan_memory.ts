/**
 * The memory surface (spec §2.4): one managed block per MemoryDef in the
 * file the host really reads, plus a host's bridge block (Claude Code's
 * ref-counted `@AGENTS.md` import). Removal is a prefix scan over the
 * connector's marker namespace in every candidate file, so renamed blocks
 * and an uninstall without the module are covered too.
 *
 * @module
 */

import { memoryOverride, surfaceDisabled } from "../core/overrides.ts";
import {
  type MemoryPlacement,
  scopePath,
  scopePlaces,
  scopeTargets,
} from "../adapters/descriptor.ts";
import { pathApi } from "../adapters/paths.ts";
import type { PlannedEdit as Edit } from "./_plan_types.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

/** The soft per-block budget: memory is injected into every prompt. */
export const MEMORY_SOFT_LIMIT = 4096;

const BEGIN = "<!-- agent-connector:begin ";

/**
 * Where the blocks go: the `memory.path` override, the host's own placement
 * (from the scope's first file), or each file the scope names — more than
 * one where the host's runtimes each read their own (Cline's rules folders).
 */
function placements(
  input: SurfaceInput,
  mode?: "block" | "agents-import",
): MemoryPlacement[] {
  const { adapter, ctx, connector } = input;
  const surface = adapter.memory;
  if (!surface) return [];
  const override = connector ? memoryOverride(connector, adapter.id) : undefined;
  if (override?.path) {
    const api = pathApi(ctx.os);
    const base = ctx.scope === "project" ? ctx.projectDir : ctx.home;
    return [{ target: api.resolve(base, override.path) }];
  }
  const defaultPath = scopePath(surface.paths, ctx.scope, ctx);
  if (!defaultPath) return [];
  const placed = surface.place?.({ scope: ctx.scope, defaultPath, mode, ctx, probe: ctx.probe });
  if (placed) return [placed];
  return scopeTargets(surface.paths, ctx.scope, ctx).map((target) => ({ target }));
}

/** The head a host's dedicated rules file leads with, when `file` is that file. */
function headFor(input: SurfaceInput, file: string): { head?: string } {
  const surface = input.adapter.memory;
  if (!surface?.head) return {};
  return scopePlaces(surface.paths, input.ctx.scope, input.ctx).includes(file)
    ? { head: surface.head }
    : {};
}

/** Block ids of other connectors in `text`. */
function foreignBlocks(text: string | undefined, connectorId: string): number {
  if (!text) return 0;
  return text.split(/\r?\n/).filter((l) => {
    const at = l.indexOf(BEGIN);
    return at >= 0 && !l.slice(at + BEGIN.length).startsWith(`${connectorId}/`) &&
      !l.slice(at + BEGIN.length).startsWith("_shared/");
  }).length;
}

/** Plans the memory blocks of one host. */
export function planMemory(input: SurfaceInput): PlanPart {
  const { adapter, connector, ctx } = input;
  const plan = emptyPlan();
  const defs = connector?.memory ?? [];
  if (!connector || !defs.length) return plan;
  if (surfaceDisabled(connector, adapter.id, "memory")) {
    plan.notes.push(note(input, "skip", `memory: disabled by platforms["${adapter.id}"].memory`));
    return plan;
  }
  const override = memoryOverride(connector, adapter.id);
  if (override?.mode && !adapter.memory?.acceptsMode) {
    plan.notes.push(
      note(
        input,
        "warn",
        `memory.mode "${override.mode}" applies to claude-code only; ignored on ${adapter.name}`,
      ),
    );
  }
  const all = placements(input, override?.mode);
  if (!all.length) {
    const why = adapter.memory
      ? `${adapter.name} has no ${ctx.scope}-scope memory file`
      : `${adapter.name} has no memory file`;
    plan.notes.push(note(input, "warn", `memory: ${defs.length} block(s) not installed — ${why}`));
    return plan;
  }
  for (const def of defs) {
    const size = new TextEncoder().encode(def.content).length;
    if (size > MEMORY_SOFT_LIMIT) {
      plan.notes.push(
        note(
          input,
          "warn",
          `memory ${def.name}: ${size} bytes — keep it under 4 KiB; it is added to every prompt`,
          all[0].target,
        ),
      );
    }
  }
  for (const where of all) planPlacement(input, where, defs, plan);
  return plan;
}

/** The blocks (and bridge) of one placement, with its notes. */
function planPlacement(
  input: SurfaceInput,
  where: MemoryPlacement,
  defs: Array<{ name: string; content: string }>,
  plan: PlanPart,
): void {
  const { adapter, ctx } = input;
  const scope = ctx.scope;
  for (const def of defs) {
    plan.edits.push({
      op: "block.set",
      platform: adapter.id,
      file: where.target,
      blockId: `${input.connectorId}/${def.name}`,
      content: def.content,
      scope,
      label: `memory ${input.connectorId}/${def.name}`,
      ...(where.head ? { head: where.head } : headFor(input, where.target)),
    });
  }
  if (where.bridge) {
    plan.edits.push({
      op: "block.set",
      platform: adapter.id,
      file: where.bridge.file,
      blockId: `_shared/${where.bridge.name}`,
      content: where.bridge.content,
      scope,
      label: `memory import bridge`,
    });
  }
  if (where.note) plan.notes.push(note(input, "skip", `memory: ${where.note}`, where.target));
  const budget = adapter.memory?.budget;
  if (budget) {
    const total = projectedBytes(ctx.probe.readText(where.target), input.connectorId, defs);
    if (total > budget.bytes) {
      plan.notes.push(
        note(
          input,
          "warn",
          `memory: ${where.target} would hold ~${Math.ceil(total / 1024)} KiB — keep it under ${
            Math.floor(budget.bytes / 1024)
          } KiB: ${budget.why}`,
          where.target,
        ),
      );
    }
  }
}

/** Marker lines and notice a managed block adds around its content (approximate). */
const BLOCK_OVERHEAD = 420;

/**
 * The size of `text` once this connector's blocks are (re)written: the
 * file without its current blocks, plus each block's content and markers.
 */
function projectedBytes(
  text: string | undefined,
  connectorId: string,
  defs: Array<{ content: string }>,
): number {
  const ours = new RegExp(
    `<!-- agent-connector:begin ${
      connectorId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    }/[\\s\\S]*?<!-- agent-connector:end [^\\n]*?-->`,
    "g",
  );
  const rest = (text ?? "").replace(ours, "");
  const encoder = new TextEncoder();
  return encoder.encode(rest).length +
    defs.reduce((n, d) => n + encoder.encode(d.content).length + BLOCK_OVERHEAD, 0);
}

/** Plans the removal of the connector's blocks (and an unreferenced bridge). */
export function unplanMemory(input: SurfaceInput): PlanPart {
  const { adapter, ctx } = input;
  const plan = emptyPlan();
  const id = input.connectorId;
  const mode = (input.connector && memoryOverride(input.connector, adapter.id)?.mode) ??
    "agents-import";
  const all = placements(input, mode);
  const rows = input.ledgers.memory.rows.filter((r) =>
    r.platform === adapter.id && r.scope === ctx.scope
  );
  const candidates = new Set<string>(rows.map((r) => r.path));
  for (const where of all) {
    candidates.add(where.target);
    if (where.bridgeFile) candidates.add(where.bridgeFile);
  }
  for (const file of scopePlaces(adapter.memory?.paths, ctx.scope, ctx)) candidates.add(file);
  const edits: Edit[] = [];
  for (const file of candidates) {
    const text = ctx.probe.readText(file);
    if (!text?.includes(`${BEGIN}${id}/`)) continue;
    const placed = all.find((w) => w.head && w.target === file);
    edits.push({
      op: "block.remove",
      platform: adapter.id,
      file,
      prefix: `${id}/`,
      scope: ctx.scope,
      label: `memory ${id}`,
      ...(placed ? { head: placed.head } : headFor(input, file)),
    });
  }
  // A host's own placement (the only kind with a bridge) is always one.
  const where = all[0];
  const bridge = where?.bridge;
  if (bridge) {
    const bridgeText = ctx.probe.readText(bridge.file);
    const stillReferenced = foreignBlocks(ctx.probe.readText(where.target), id) > 0;
    if (bridgeText?.includes(`${BEGIN}_shared/${bridge.name}`) && !stillReferenced) {
      edits.push({
        op: "block.remove",
        platform: adapter.id,
        file: bridge.file,
        prefix: `_shared/${bridge.name}`,
        scope: ctx.scope,
        label: "memory import bridge",
      });
    }
  }
  plan.edits.push(...edits);
  return plan;
}
