/**
 * Gemini CLI's hook wire format (HOSTS.md §5c; google-gemini/gemini-cli
 * docs/hooks/reference.md). Payloads are snake_case with Gemini's own event
 * names (BeforeTool, AfterTool, BeforeAgent, AfterAgent, PreCompress); the
 * runtime is called with the normalized name, so parse and format work in
 * normalized terms. Replies are flat: `decision:"deny"` (alias `block`) +
 * `reason`, and `hookSpecificOutput` with `additionalContext` or
 * `tool_input`. Stdout must be JSON only.
 *
 * What the normalized decisions become:
 * - deny: BeforeTool blocks the tool (reason goes to the model as the tool
 *   error); BeforeAgent drops the prompt; AfterTool replaces the tool result
 *   with the reason; AfterAgent retries with the reason as the next prompt.
 * - ask: Gemini has no ask, so it is written as a deny (the safe side).
 * - modify: BeforeTool `hookSpecificOutput.tool_input`, which Gemini MERGES
 *   over the model's arguments (HOSTS.md trap 11) — keys the handler removed
 *   keep their old values, and the judge says so. On AfterTool the new output
 *   is written as `decision:"deny"` + `reason`, the documented way to replace
 *   what the model sees.
 * - context: SessionStart, BeforeAgent and AfterTool take `additionalContext`.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import {
  type HookDialect,
  jsonReply,
  type NativeReply,
  NO_REPLY,
  obj,
  type ParsedPayload,
  replyJson,
  str,
  type Verdict,
} from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import { requestedDecision } from "../dialect.ts";

/** Gemini's name for each normalized event it fires. */
export const GEMINI_EVENT_NAMES: Partial<Record<HookEventName, string>> = {
  SessionStart: "SessionStart",
  SessionEnd: "SessionEnd",
  UserPromptSubmit: "BeforeAgent",
  PreToolUse: "BeforeTool",
  PostToolUse: "AfterTool",
  PreCompact: "PreCompress",
  Stop: "AfterAgent",
  Notification: "Notification",
};

/** Events whose deny Gemini acts on, and what the deny does there. */
const DENY: Partial<Record<HookEventName, string>> = {
  UserPromptSubmit: "drops the prompt",
  PreToolUse: "blocks the tool; the reason reaches the model as the tool error",
  PostToolUse: "replaces the tool result with the reason",
  Stop: "makes Gemini retry with the reason as the next prompt",
};

const CONTEXT = new Set<HookEventName>(["SessionStart", "UserPromptSubmit", "PostToolUse"]);

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Reads a Gemini stdin object for the normalized `event`. */
export function parseGeminiPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  if (event !== "PostToolUse") return parseClaudePayload(event, raw);
  const response = obj(raw.tool_response);
  return {
    ...claudeSession(raw),
    toolName: str(raw.tool_name) ?? "",
    toolInput: obj(raw.tool_input) ?? {},
    toolOutput: text(response ? response.llmContent : raw.tool_response),
    isError: response ? response.error !== undefined && response.error !== null : undefined,
  };
}

/** Writes `response` as Gemini's reply for the normalized `event`. */
export function formatGeminiReply(
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  if (!response) return NO_REPLY;
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  const decision = response.decision;
  if ((decision === "deny" || decision === "ask") && DENY[event]) {
    out.decision = "deny";
    out.reason = response.reason ?? "Blocked by a hook.";
  } else if (decision === "modify") {
    if (event === "PreToolUse" && response.updatedInput) {
      specific.tool_input = response.updatedInput;
    }
    if (event === "PostToolUse" && response.updatedOutput !== undefined) {
      out.decision = "deny";
      out.reason = response.updatedOutput;
    }
  }
  if (response.additionalContext && CONTEXT.has(event)) {
    specific.additionalContext = response.additionalContext;
  }
  if (Object.keys(specific).length) out.hookSpecificOutput = specific;
  return Object.keys(out).length ? jsonReply(out) : NO_REPLY;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Judges a Gemini reply against what `response` asked for. */
export function judgeGeminiReply(
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
  raw?: Record<string, unknown>,
): Verdict {
  const json = reply.exitCode === 0 ? replyJson(reply) : undefined;
  const specific = obj(json?.hookSpecificOutput);
  const denied = json?.decision === "deny" || json?.decision === "block";
  const native = GEMINI_EVENT_NAMES[event] ?? event;
  switch (requestedDecision(response)) {
    case "none":
    case "allow":
      return denied
        ? { honored: false, reason: "the reply denies although the handler allowed" }
        : { honored: true, reason: `${native} passes through` };
    case "deny":
      return denied && DENY[event]
        ? { honored: true, reason: `deny ${DENY[event]}` }
        : { honored: false, reason: `Gemini CLI cannot deny ${native}; the deny is dropped` };
    case "ask":
      return {
        honored: false,
        reason: denied
          ? `Gemini CLI has no ask; on ${native} the ask is written as a deny`
          : `Gemini CLI has no ask on ${native}; the ask is dropped`,
      };
    case "modify": {
      if (event === "PostToolUse") {
        return denied && json?.reason === response?.updatedOutput
          ? { honored: true, reason: "the tool result the model sees is replaced" }
          : { honored: false, reason: "no replacement output reaches Gemini CLI" };
      }
      const written = specific?.tool_input;
      if (event !== "PreToolUse" || !same(written, response?.updatedInput)) {
        return { honored: false, reason: `Gemini CLI cannot modify input on ${native}` };
      }
      const before = obj(raw?.tool_input) ?? {};
      const kept = Object.keys(before).filter((k) => !(k in (obj(written) ?? {})));
      return kept.length
        ? {
          honored: false,
          reason: `Gemini merges tool_input over the model's arguments; ${
            kept.join(", ")
          } keep their old values`,
        }
        : { honored: true, reason: "the tool input is rewritten (merged over every argument)" };
    }
    case "context":
      return str(specific?.additionalContext) === response?.additionalContext
        ? { honored: true, reason: "the context reaches the model" }
        : { honored: false, reason: `Gemini CLI takes no context on ${native}; it is dropped` };
  }
}

/** Gemini CLI's dialect. */
export const geminiDialect: HookDialect = {
  name: "gemini",
  parse: parseGeminiPayload,
  session: claudeSession,
  format: formatGeminiReply,
  judge: judgeGeminiReply,
};
