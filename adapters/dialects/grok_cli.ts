/**
 * grok-cli's hook wire format (superagent-ai/grok-cli `src/hooks/{types,
 * executor,config}.ts`, `src/grok/tools.ts`): Claude's snake_case payloads
 * with its own fields — `user_prompt` on UserPromptSubmit, `tool_output` an
 * object on PostToolUse, `agent_type`/`description` on subagent events.
 *
 * Replies: stdout JSON `{continue, stopReason, decision: "approve"|"block",
 * reason, additionalContext}` or exit 2; only PreToolUse acts on a block
 * (the tool call fails), every other event is fired and forgotten, and no
 * caller reads `additionalContext`. Nothing can ask, so an ask on
 * PreToolUse is a block.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import {
  type HookDialect,
  jsonReply,
  judgeReadBack,
  type NativeReply,
  NO_REPLY,
  type ParsedPayload,
  replyJson,
  str,
  type Verdict,
} from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";

/** Reads grok-cli's stdin object for `event`. */
export function parseGrokCliPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const parsed = parseClaudePayload(event, raw);
  switch (event) {
    case "UserPromptSubmit":
      return { ...parsed, prompt: str(raw.user_prompt) ?? parsed.prompt };
    case "PostToolUse":
      return raw.tool_output === undefined
        ? parsed
        : { ...parsed, toolOutput: JSON.stringify(raw.tool_output) };
    default:
      return parsed;
  }
}

/** Writes `response` as grok-cli's reply for `event`. */
export function formatGrokCliReply(
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  if (event !== "PreToolUse" || !response) return NO_REPLY;
  if (response.decision !== "deny" && response.decision !== "ask") return NO_REPLY;
  return jsonReply({ decision: "block", reason: response.reason ?? "Blocked by a hook." });
}

/** Judges a grok-cli reply against what `response` asked for. */
export function judgeGrokCliReply(
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  const json = replyJson(reply);
  const blocked = event === "PreToolUse" && (json?.decision === "block" || reply.exitCode === 2);
  const rules = { host: "Grok CLI", grants: false, denyAsContext: false, askByDialog: false };
  return judgeReadBack(rules, event, response, reply, blocked ? { decision: "deny" } : {});
}

/** grok-cli's dialect. */
export const grokCliDialect: HookDialect = {
  name: "grok-cli",
  parse: parseGrokCliPayload,
  session: claudeSession,
  format: formatGrokCliReply,
  judge: judgeGrokCliReply,
};
