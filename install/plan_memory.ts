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
import { type MemoryPlacement, scopePath } from "../adapters/descriptor.ts";
import { pathApi } from "../adapters/paths.ts";
import type { PlannedEdit as Edit } from "./_plan_types.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";

/** The soft per-block budget: memory is injected into every prompt. */
export const MEMORY_SOFT_LIMIT = 4096;

const BEGIN = "<!-- agent-connector:begin ";

function placement(
  input: SurfaceInput,
  mode?: "block" | "agents-import",
): MemoryPlacement | undefined {
  const { adapter, ctx, connector } = input;
  const surface = adapter.memory;
  if (!surface) return undefined;
  const override = connector ? memoryOverride(connector, adapter.id) : undefined;
  if (override?.path) {
    const api = pathApi(ctx.os);
    const base = ctx.scope === "project" ? ctx.projectDir : ctx.home;
    return { target: api.resolve(base, override.path) };
  }
  const defaultPath = scopePath(surface.paths, ctx.scope, ctx);
  if (!defaultPath) return undefined;
  return surface.place?.({ scope: ctx.scope, defaultPath, mode, ctx, probe: ctx.probe }) ??
    { target: defaultPath };
}

/** The head a host's dedicated rules file leads with, when `file` is that file. */
function headFor(input: SurfaceInput, file: string): { head?: string } {
  const surface = input.adapter.memory;
  if (!surface?.head) return {};
  return scopePath(surface.paths, input.ctx.scope, input.ctx) === file
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
  const where = placement(input, override?.mode);
  if (!where) {
    const why = adapter.memory
      ? `${adapter.name} has no ${ctx.scope}-scope memory file`
      : `${adapter.name} has no memory file`;
    plan.notes.push(note(input, "warn", `memory: ${defs.length} block(s) not installed — ${why}`));
    return plan;
  }
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
    const size = new TextEncoder().encode(def.content).length;
    if (size > MEMORY_SOFT_LIMIT) {
      plan.notes.push(
        note(
          input,
          "warn",
          `memory ${def.name}: ${size} bytes — keep it under 4 KiB; it is added to every prompt`,
          where.target,
        ),
      );
    }
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
  return plan;
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
  const where = placement(input, mode);
  const rows = input.ledgers.memory.rows.filter((r) =>
    r.platform === adapter.id && r.scope === ctx.scope
  );
  const candidates = new Set<string>(rows.map((r) => r.path));
  if (where) candidates.add(where.target);
  if (where?.bridgeFile) candidates.add(where.bridgeFile);
  const edits: Edit[] = [];
  for (const file of candidates) {
    const text = ctx.probe.readText(file);
    if (!text?.includes(`${BEGIN}${id}/`)) continue;
    edits.push({
      op: "block.remove",
      platform: adapter.id,
      file,
      prefix: `${id}/`,
      scope: ctx.scope,
      label: `memory ${id}`,
      ...(where?.head && file === where.target ? { head: where.head } : headFor(input, file)),
    });
  }
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
