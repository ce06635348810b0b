/**
 * Kimi Code CLI's hook wire format (MoonshotAI/kimi-cli
 * `src/kimi_cli/hooks/{runner,events}.py`, docs/en/customization/hooks.md).
 *
 * Payloads are snake_case like Claude's with Kimi's own event fields:
 * `tool_output` (a string) on PostToolUse, `agent_name` and `response` on
 * the subagent events, `sink`/`title`/`body` on Notification.
 *
 * Replies: the runner reads one thing from stdout — `hookSpecificOutput.
 * permissionDecision: "deny"` with `permissionDecisionReason` — or exit 2
 * with stderr; everything else is "allow". Only PreToolUse (the tool call
 * fails with the reason), UserPromptSubmit (the prompt is dropped) and Stop
 * (the reason becomes the next user turn, once) act on a block; no event
 * takes context, a rewritten input or a rewritten output, and nothing can
 * ask, so an ask on PreToolUse is written as a deny (the safe side).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, type ParsedPayload, str } from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import {
  type FamilyContract,
  type FamilyOptions,
  formatFamilyReply,
  judgeFamilyReply,
} from "./claude_family.ts";

const none = { context: false };

/** What each event honors on Kimi: a deny on three events, nothing else. */
export const KIMI_CONTRACT: FamilyContract = {
  SessionStart: none,
  SessionEnd: none,
  UserPromptSubmit: { deny: "permission", context: false },
  PreToolUse: { deny: "permission", ask: "deny", context: false },
  PostToolUse: none,
  PreCompact: none,
  Stop: { deny: "permission", context: false },
  Notification: none,
  PermissionRequest: none,
  PostToolUseFailure: none,
  SubagentStart: none,
  SubagentStop: none,
  PostCompact: none,
};

// Kimi's Stop re-runs the turn only with a non-empty reason.
const KIMI: FamilyOptions = {
  host: "Kimi",
  contract: KIMI_CONTRACT,
  defaultReason: "Decided by an agent-connector hook",
};

/** Reads Kimi's stdin object for `event`. */
export function parseKimiPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const parsed = parseClaudePayload(event, raw);
  switch (event) {
    case "PostToolUse":
      return { ...parsed, toolOutput: str(raw.tool_output) ?? parsed.toolOutput };
    case "SubagentStart":
      return { ...parsed, agentType: str(raw.agent_name) ?? parsed.agentType };
    case "SubagentStop":
      return {
        ...parsed,
        agentType: str(raw.agent_name) ?? parsed.agentType,
        lastAssistantMessage: str(raw.response) ?? parsed.lastAssistantMessage,
      };
    case "Notification":
      return { ...parsed, message: str(raw.body) || str(raw.title) || String(parsed.message) };
    default:
      return parsed;
  }
}

/** Kimi's dialect. */
export const kimiDialect: HookDialect = {
  name: "kimi",
  parse: parseKimiPayload,
  session: claudeSession,
  format: (event, response) => formatFamilyReply(KIMI, event, response),
  judge: (event, response, reply) => judgeFamilyReply(KIMI, event, response, reply),
};
