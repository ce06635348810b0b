/**
 * Claude Code's hook wire format (HOSTS.md §2c; examples in
 * tests/fixtures/payloads/claude-code/): snake_case stdin, replies as one JSON
 * object on stdout with exit 0 — top-level `decision:"block"` + `reason`, or
 * `hookSpecificOutput` carrying `hookEventName` and the event's control
 * fields (the reply side lives in `claude_family.ts`). Hosts that speak the
 * same protocol reuse {@link parseClaudePayload} and pass their own contract
 * to the family formatter.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import type { StatuslineContext } from "../../core/connector_types.ts";
import {
  bool,
  type HookDialect,
  type NativeReply,
  num,
  obj,
  type ParsedPayload,
  str,
  type Verdict,
} from "../dialect.ts";
import {
  CLAUDE_CONTRACT,
  type FamilyOptions,
  formatFamilyReply,
  judgeFamilyReply,
} from "./claude_family.ts";

export { requestedDecision } from "../dialect.ts";

function toolInput(raw: Record<string, unknown>): Record<string, unknown> {
  return obj(raw.tool_input) ?? {};
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Reads a Claude-style stdin object for `event` (camelCase variants tolerated). */
export function parseClaudePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = {
    sessionId: str(raw.session_id) ?? str(raw.sessionId) ?? "",
    projectDir: str(raw.cwd),
  };
  const tool = () => ({ toolName: str(raw.tool_name) ?? "", toolInput: toolInput(raw) });
  switch (event) {
    case "SessionStart":
      return { ...base, source: str(raw.source) ?? "startup" };
    case "SessionEnd":
      return { ...base, reason: str(raw.reason) };
    case "UserPromptSubmit":
      return { ...base, prompt: str(raw.prompt) ?? "" };
    case "PreToolUse":
      return { ...base, ...tool() };
    case "PostToolUse": {
      const response = obj(raw.tool_response);
      return {
        ...base,
        ...tool(),
        toolOutput: text(raw.tool_response),
        isError: bool(response?.is_error) ?? bool(response?.isError),
      };
    }
    case "PreCompact":
    case "PostCompact":
      return { ...base, trigger: str(raw.trigger) };
    case "Stop":
      return { ...base, stopHookActive: bool(raw.stop_hook_active) };
    case "Notification":
      return { ...base, message: str(raw.message) ?? "" };
    case "PermissionRequest":
      return {
        ...base,
        ...tool(),
        permissionSuggestions: Array.isArray(raw.permission_suggestions)
          ? raw.permission_suggestions
          : undefined,
      };
    case "PostToolUseFailure":
      return {
        ...base,
        ...tool(),
        toolUseId: str(raw.tool_use_id),
        error: str(raw.error) ?? "",
        isInterrupt: bool(raw.is_interrupt),
        durationMs: num(raw.duration_ms),
      };
    case "SubagentStart":
      return { ...base, agentId: str(raw.agent_id), agentType: str(raw.agent_type) };
    case "SubagentStop":
      return {
        ...base,
        agentId: str(raw.agent_id),
        agentType: str(raw.agent_type),
        agentTranscriptPath: str(raw.agent_transcript_path),
        lastAssistantMessage: str(raw.last_assistant_message),
        stopHookActive: bool(raw.stop_hook_active),
      };
  }
}

/** Claude Code's reply options: the full contract of HOSTS.md §2c. */
export const CLAUDE_FAMILY: FamilyOptions = { host: "Claude Code", contract: CLAUDE_CONTRACT };

/** Writes `response` as Claude's reply for `event`. */
export function formatClaudeReply(
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  return formatFamilyReply(CLAUDE_FAMILY, event, response);
}

/** Judges a Claude reply against what `response` asked for (see {@link HookDialect.judge}). */
export function judgeClaudeReply(
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  return judgeFamilyReply(CLAUDE_FAMILY, event, response, reply);
}

/** Reads session id and project dir from a Claude-style payload. */
export function claudeSession(
  raw: Record<string, unknown>,
): { sessionId: string; projectDir?: string } {
  return { sessionId: str(raw.session_id) ?? str(raw.sessionId) ?? "", projectDir: str(raw.cwd) };
}

/**
 * Reads a status line's stdin object in Claude Code's shape; `usedKey` names
 * the `context_window` field holding the window's fill (Grok Build's is
 * `context_tokens`).
 */
export function statuslineOf(
  raw: Record<string, unknown>,
  usedKey = "total_input_tokens",
): Omit<StatuslineContext, "host" | "connectorId"> {
  const model = obj(raw.model);
  const cost = obj(raw.cost);
  const window = obj(raw.context_window);
  const workspace = obj(raw.workspace);
  return {
    sessionId: str(raw.session_id),
    cwd: str(raw.cwd) ?? str(workspace?.current_dir),
    model: model ? { id: str(model.id), displayName: str(model.display_name) } : undefined,
    cost: cost ? { totalUsd: num(cost.total_cost_usd) } : undefined,
    context: window
      ? {
        usedTokens: num(window[usedKey]),
        maxTokens: num(window.context_window_size),
        percent: num(window.used_percentage),
      }
      : undefined,
    transcriptPath: str(raw.transcript_path),
    raw,
  };
}

/** Claude Code's dialect (also spoken by its forks). */
export const claudeDialect: HookDialect = {
  name: "claude",
  parse: parseClaudePayload,
  session: claudeSession,
  format: formatClaudeReply,
  judge: judgeClaudeReply,
  statusline: (raw) => statuslineOf(raw),
};
