/**
 * Claude Code's hook wire format (HOSTS.md §2c; examples in
 * tests/fixtures/payloads/claude-code/): snake_case stdin, replies as one JSON
 * object on stdout with exit 0 — top-level `decision:"block"` + `reason`, or
 * `hookSpecificOutput` carrying `hookEventName` and the event's control
 * fields. Forks that speak the same protocol reuse {@link claudeDialect}.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDecision, HookEventName, HookResponse } from "../../core/hook_types.ts";
import {
  bool,
  type HookDialect,
  jsonReply,
  type NativeReply,
  NO_REPLY,
  num,
  obj,
  type ParsedPayload,
  replyJson,
  str,
  type Verdict,
} from "../dialect.ts";

/** How one event carries each decision in Claude's reply. */
interface EventContract {
  deny?: "permission" | "block" | "grant" | "degrade-context";
  ask?: "permission" | "dialog";
  modify?: "pre-input" | "grant-input" | "output";
  allow?: "grant";
  context: boolean;
}

/**
 * The reply contract per event. `permission`: hookSpecificOutput
 * permissionDecision; `block`: top-level decision "block"; `grant`:
 * hookSpecificOutput.decision.behavior (PermissionRequest); `dialog`: no
 * reply, Claude's own dialog asks; `degrade-context`: nothing can be blocked,
 * so a deny reason becomes additionalContext (spec §2.3).
 */
const CONTRACT: Record<HookEventName, EventContract> = {
  SessionStart: { context: true },
  SessionEnd: { context: false },
  UserPromptSubmit: { deny: "block", context: true },
  PreToolUse: { deny: "permission", ask: "permission", modify: "pre-input", context: true },
  PostToolUse: { deny: "block", modify: "output", context: true },
  PreCompact: { deny: "block", context: false },
  Stop: { deny: "block", context: true },
  Notification: { context: false },
  PermissionRequest: {
    allow: "grant",
    deny: "grant",
    ask: "dialog",
    modify: "grant-input",
    context: false,
  },
  PostToolUseFailure: { deny: "degrade-context", context: true },
  SubagentStart: { deny: "degrade-context", context: true },
  SubagentStop: { deny: "block", context: false },
  PostCompact: { context: false },
};

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

/** The decision a response asks for: explicit, else `context` when it carries context. */
export function requestedDecision(response: HookResponse | undefined): HookDecision | "none" {
  if (!response) return "none";
  if (response.decision) return response.decision;
  return response.additionalContext ? "context" : "none";
}

function joinText(...parts: Array<string | undefined>): string | undefined {
  const kept = parts.filter((p): p is string => typeof p === "string" && p !== "");
  return kept.length ? kept.join("\n\n") : undefined;
}

/** Writes `response` as Claude's reply for `event`. */
export function formatClaudeReply(
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  if (!response) return NO_REPLY;
  const contract = CONTRACT[event];
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  let context = response.additionalContext;
  const reason = response.reason;
  switch (response.decision) {
    case "deny":
      if (contract.deny === "permission") {
        specific.permissionDecision = "deny";
        if (reason) specific.permissionDecisionReason = reason;
      } else if (contract.deny === "block") {
        out.decision = "block";
        out.reason = reason ?? "Blocked by a hook.";
      } else if (contract.deny === "grant") {
        specific.decision = reason ? { behavior: "deny", message: reason } : { behavior: "deny" };
      } else if (contract.deny === "degrade-context") {
        context = joinText(reason, context);
      }
      break;
    case "ask":
      if (contract.ask === "permission") {
        specific.permissionDecision = "ask";
        if (reason) specific.permissionDecisionReason = reason;
      }
      break;
    case "modify":
      // Doc example (payloads/claude-code/PreToolUse.json "modify"): allow +
      // updatedInput, which REPLACES the whole tool_input.
      if (contract.modify === "pre-input" && response.updatedInput) {
        specific.permissionDecision = "allow";
        if (reason) specific.permissionDecisionReason = reason;
        specific.updatedInput = response.updatedInput;
      } else if (contract.modify === "grant-input" && response.updatedInput) {
        specific.decision = { behavior: "allow", updatedInput: response.updatedInput };
      }
      break;
    case "allow":
      // Only on PermissionRequest is an explicit allow an active grant.
      if (contract.allow === "grant") specific.decision = { behavior: "allow" };
      break;
  }
  if (
    contract.modify === "output" && response.updatedOutput !== undefined &&
    response.decision !== "deny"
  ) {
    specific.updatedToolOutput = response.updatedOutput;
  }
  if (context && contract.context) specific.additionalContext = context;
  if (Object.keys(specific).length) out.hookSpecificOutput = { hookEventName: event, ...specific };
  return Object.keys(out).length ? jsonReply(out) : NO_REPLY;
}

/** What a Claude reply makes Claude do, read back from its stdout. */
interface ReadBack {
  decision?: "deny" | "ask" | "allow";
  updatedInput?: unknown;
  updatedOutput?: unknown;
  context?: string;
}

function readBack(event: HookEventName, reply: NativeReply): ReadBack {
  const json = replyJson(reply);
  if (!json || reply.exitCode !== 0) return {};
  const specific = obj(json.hookSpecificOutput);
  const out: ReadBack = {};
  if (specific && specific.hookEventName !== event) return out; // Claude ignores a mislabelled reply
  if (json.decision === "block") out.decision = "deny";
  const permission = str(specific?.permissionDecision);
  if (permission === "deny" || permission === "ask" || permission === "allow") {
    out.decision = permission;
  }
  if (specific?.updatedInput !== undefined) out.updatedInput = specific.updatedInput;
  const grant = obj(specific?.decision);
  const behavior = str(grant?.behavior);
  if (behavior === "allow" || behavior === "deny") out.decision = behavior;
  if (grant?.updatedInput !== undefined) out.updatedInput = grant.updatedInput;
  if (specific?.updatedToolOutput !== undefined) out.updatedOutput = specific.updatedToolOutput;
  out.context = str(specific?.additionalContext);
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Judges a Claude reply against what `response` asked for (see {@link HookDialect.judge}). */
export function judgeClaudeReply(
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  const got = readBack(event, reply);
  const contract = CONTRACT[event];
  const asked = requestedDecision(response);
  switch (asked) {
    case "none":
    case "allow":
      if (event === "PermissionRequest" && asked === "allow") {
        return got.decision === "allow"
          ? { honored: true, reason: "an explicit allow grants the permission; no dialog is shown" }
          : { honored: false, reason: "the reply does not grant the permission" };
      }
      return got.decision === "deny" || got.decision === "ask"
        ? { honored: false, reason: `the reply ${got.decision}s although the handler allowed` }
        : { honored: true, reason: `${event} passes through` };
    case "deny":
      if (got.decision === "deny") {
        const what = event === "Stop" || event === "SubagentStop"
          ? "keeps the agent running with the reason as its next instruction"
          : `blocks ${event}`;
        return { honored: true, reason: `deny ${what}` };
      }
      if (contract.deny === "degrade-context" && got.context !== undefined) {
        return {
          honored: false,
          reason: `${event} cannot be blocked; the reason degrades to a context note`,
        };
      }
      return { honored: false, reason: `Claude Code cannot deny ${event}; the deny is dropped` };
    case "ask":
      if (contract.ask === "dialog") {
        return reply.stdout === ""
          ? { honored: true, reason: "Claude Code's own permission dialog asks the user" }
          : { honored: false, reason: "the reply decides instead of letting the dialog ask" };
      }
      return got.decision === "ask"
        ? { honored: true, reason: "Claude Code asks the user to confirm" }
        : { honored: false, reason: `Claude Code cannot ask on ${event}; the ask is dropped` };
    case "modify":
      if (event === "PostToolUse") {
        return got.updatedOutput !== undefined && same(got.updatedOutput, response?.updatedOutput)
          ? { honored: true, reason: "the tool output is replaced" }
          : { honored: false, reason: "no updatedOutput reaches Claude Code" };
      }
      return got.updatedInput !== undefined && same(got.updatedInput, response?.updatedInput)
        ? { honored: true, reason: "the tool input is replaced" }
        : { honored: false, reason: `Claude Code cannot modify input on ${event}` };
    case "context":
      return got.context !== undefined && got.context === response?.additionalContext
        ? { honored: true, reason: "the context reaches the model" }
        : { honored: false, reason: `Claude Code takes no context on ${event}; it is dropped` };
  }
}

function statusline(raw: Record<string, unknown>) {
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
        usedTokens: num(window.total_input_tokens),
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
  session: (raw) => ({
    sessionId: str(raw.session_id) ?? str(raw.sessionId) ?? "",
    projectDir: str(raw.cwd),
  }),
  format: formatClaudeReply,
  judge: judgeClaudeReply,
  statusline,
};
