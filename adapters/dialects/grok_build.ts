/**
 * Grok Build's hook wire format (xai-org/grok-build
 * `crates/codegen/xai-grok-pager/docs/user-guide/10-hooks.md`, "Writing Hook
 * Scripts", "Stop Decision Control", "Porting Claude Code stop hooks").
 *
 * Payloads are camelCase (`hookEventName: "pre_tool_use"`, `sessionId`,
 * `cwd`, `workspaceRoot`, `toolName`, `toolInput`, `toolResult`, `prompt`,
 * `stopHookActive`, `lastAssistantMessage`, `subagentType`, …), not
 * Claude's snake_case.
 *
 * Replies: PreToolUse takes `{"decision":"deny","reason"}` (exit 2 also
 * denies) and `hookSpecificOutput.updatedInput`, which replaces the input;
 * Stop and SubagentStop take `{"decision":"block","reason"}` and
 * `hookSpecificOutput.additionalContext` (both keep the agent working).
 * Every other event is passive — UserPromptSubmit included: Grok ignores
 * its stdout — and nothing can ask, so an ask on PreToolUse is a deny.
 *
 * The status line's stdin (guide 25-status-line.md, "Available data") is
 * snake_case in the common status-line shape, except that the window's
 * current fill is `context_window.context_tokens` (the `session_*` counts
 * are the whole session's, not the window's).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import type { StatuslineContext } from "../../core/connector_types.ts";
import { statuslineOf } from "./claude.ts";
import {
  bool,
  type HookDialect,
  jsonReply,
  judgeReadBack,
  type NativeReply,
  NO_REPLY,
  obj,
  type ParsedPayload,
  type ReadBack,
  replyJson,
  str,
  type Verdict,
} from "../dialect.ts";

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Session id and project dir of a Grok payload. */
export function grokSession(
  raw: Record<string, unknown>,
): { sessionId: string; projectDir?: string } {
  return {
    sessionId: str(raw.sessionId) ?? str(raw.session_id) ?? "",
    projectDir: str(raw.workspaceRoot) ?? str(raw.cwd),
  };
}

/** Reads Grok's camelCase stdin object for `event`. */
export function parseGrokPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = grokSession(raw);
  const tool = () => ({ toolName: str(raw.toolName) ?? "", toolInput: obj(raw.toolInput) ?? {} });
  switch (event) {
    case "SessionStart":
      return { ...base, source: str(raw.source) ?? "startup" };
    case "SessionEnd":
      return { ...base, reason: str(raw.reason) };
    case "UserPromptSubmit":
      return { ...base, prompt: str(raw.prompt) ?? "" };
    case "PreToolUse":
    case "PermissionRequest":
      return { ...base, ...tool() };
    case "PostToolUse":
      return { ...base, ...tool(), toolOutput: text(raw.toolResult) };
    case "PostToolUseFailure":
      return {
        ...base,
        ...tool(),
        toolUseId: str(raw.toolUseId),
        error: text(raw.error) ?? "",
      };
    case "PreCompact":
    case "PostCompact":
      return { ...base, trigger: str(raw.trigger) };
    case "Stop":
      return { ...base, stopHookActive: bool(raw.stopHookActive) };
    case "Notification":
      return { ...base, message: str(raw.message) ?? str(raw.notificationType) ?? "" };
    case "SubagentStart":
      return { ...base, agentId: str(raw.agentId), agentType: str(raw.subagentType) };
    case "SubagentStop":
      return {
        ...base,
        agentId: str(raw.agentId),
        agentType: str(raw.subagentType),
        lastAssistantMessage: str(raw.lastAssistantMessage),
        stopHookActive: bool(raw.stopHookActive),
      };
  }
}

const GATES = new Set<HookEventName>(["Stop", "SubagentStop"]);

/** Writes `response` as Grok's reply for `event`. */
export function formatGrokReply(
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  if (!response) return NO_REPLY;
  const reason = response.reason ?? "Decided by an agent-connector hook";
  if (event === "PreToolUse") {
    switch (response.decision) {
      case "deny":
      case "ask":
        return jsonReply({ decision: "deny", reason });
      case "modify":
        return response.updatedInput
          ? jsonReply({
            hookSpecificOutput: { hookEventName: event, updatedInput: response.updatedInput },
          })
          : NO_REPLY;
      default:
        return NO_REPLY;
    }
  }
  if (GATES.has(event)) {
    if (response.decision === "deny") return jsonReply({ decision: "block", reason });
    if (response.additionalContext && response.decision !== "allow") {
      return jsonReply({
        hookSpecificOutput: { hookEventName: event, additionalContext: response.additionalContext },
      });
    }
  }
  return NO_REPLY;
}

function readBack(event: HookEventName, reply: NativeReply): ReadBack {
  const json = replyJson(reply);
  if (!json) return reply.exitCode === 2 ? { decision: "deny" } : {};
  const specific = obj(json.hookSpecificOutput);
  if (event === "PreToolUse") {
    if (json.decision === "deny") return { decision: "deny" };
    return specific?.updatedInput !== undefined ? { updatedInput: specific.updatedInput } : {};
  }
  if (GATES.has(event)) {
    if (json.decision === "block") return { decision: "deny" };
    return { context: str(specific?.additionalContext) };
  }
  return {};
}

/** Judges a Grok reply against what `response` asked for. */
export function judgeGrokReply(
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  const rules = { host: "Grok Build", grants: false, denyAsContext: false, askByDialog: false };
  return judgeReadBack(rules, event, response, reply, readBack(event, reply));
}

/** Reads the status line's stdin object. */
export function grokStatusline(
  raw: Record<string, unknown>,
): Omit<StatuslineContext, "host" | "connectorId"> {
  return statuslineOf(raw, "context_tokens");
}

/** Grok Build's dialect. */
export const grokBuildDialect: HookDialect = {
  name: "grok-build",
  parse: parseGrokPayload,
  session: grokSession,
  format: formatGrokReply,
  judge: judgeGrokReply,
  statusline: grokStatusline,
};
