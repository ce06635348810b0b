/**
 * Where Claude Code's memory goes (spec §2.4). Claude reads CLAUDE.md, not
 * AGENTS.md ("Claude Code reads CLAUDE.md, not AGENTS.md" —
 * code.claude.com/docs/en/memory). Mode `block` (default) writes the block
 * into CLAUDE.md. Mode `agents-import` writes it into AGENTS.md and manages
 * the documented `@AGENTS.md` import as the ref-counted bridge block
 * `_shared/claude-agents-import` in CLAUDE.md. When CLAUDE.md already imports
 * or symlinks AGENTS.md, the block goes to AGENTS.md and CLAUDE.md is left
 * alone: the user's own wiring is never claimed.
 *
 * @module
 */

import type { MemoryPlaceInput, MemoryPlacement } from "../descriptor.ts";
import { pathApi } from "../paths.ts";

/** The reserved name of the import bridge block. */
export const AGENTS_IMPORT_BRIDGE = "claude-agents-import";

const MANAGED_REGION =
  /<!-- agent-connector:begin [^\n]*?-->[\s\S]*?<!-- agent-connector:end [^\n]*?-->/g;

/** The import line for `agentsPath`, as written by us for the scope. */
export function importLine(input: Pick<MemoryPlaceInput, "scope" | "ctx">): string {
  if (input.scope === "project") return "@AGENTS.md";
  // User scope: the documented `@~/.claude/AGENTS.md`, unless CLAUDE_CONFIG_DIR moved the tree.
  const moved = input.ctx.env.CLAUDE_CONFIG_DIR;
  return moved
    ? `@${pathApi(input.ctx.os).join(moved, "AGENTS.md").replaceAll("\\", "/")}`
    : "@~/.claude/AGENTS.md";
}

/** True when `text` (outside agent-connector blocks) imports the sibling AGENTS.md. */
export function importsAgents(
  text: string,
  agentsPath: string,
  os: "linux" | "darwin" | "win32",
): boolean {
  const userText = text.replace(MANAGED_REGION, "");
  const api = pathApi(os);
  const wanted = new Set([
    "AGENTS.md",
    "./AGENTS.md",
    "~/.claude/AGENTS.md",
    agentsPath.replaceAll("\\", "/"),
    api.basename(agentsPath),
  ]);
  for (const line of userText.split(/\r?\n/)) {
    const m = /^\s*@(\S+)\s*$/.exec(line);
    if (m && wanted.has(m[1])) return true;
  }
  return false;
}

/** Decides where Claude Code's memory blocks go for one scope. */
export function placeClaudeMemory(input: MemoryPlaceInput): MemoryPlacement {
  const claudeMd = input.defaultPath;
  const agentsMd = pathApi(input.ctx.os).join(pathApi(input.ctx.os).dirname(claudeMd), "AGENTS.md");
  const real = input.probe.realPath(claudeMd);
  const linked = real !== undefined && real === input.probe.realPath(agentsMd) &&
    real !== claudeMd;
  const text = input.probe.readText(claudeMd);
  const userImport = text !== undefined && importsAgents(text, agentsMd, input.ctx.os);
  if (linked || userImport) {
    return {
      target: agentsMd,
      bridgeFile: claudeMd,
      note: linked
        ? "CLAUDE.md is a link to AGENTS.md; memory goes to AGENTS.md"
        : "CLAUDE.md already imports AGENTS.md; memory goes to AGENTS.md",
    };
  }
  if (input.mode === "agents-import") {
    return {
      target: agentsMd,
      bridgeFile: claudeMd,
      bridge: { file: claudeMd, name: AGENTS_IMPORT_BRIDGE, content: importLine(input) },
    };
  }
  return { target: claudeMd, bridgeFile: claudeMd };
}
