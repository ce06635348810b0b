/**
 * OpenHands' hook wire format (OpenHands/software-agent-sdk
 * `openhands/sdk/hooks/{types,executor,manager}.py`). The stdin object is
 * `{event_type, tool_name, tool_input, tool_response, message, session_id,
 * working_dir, metadata}` — `message` is the prompt on UserPromptSubmit,
 * `metadata.reason` why the agent stops (not mapped). The hook's environment carries
 * `OPENHANDS_PROJECT_DIR`, `OPENHANDS_SESSION_ID`, `OPENHANDS_EVENT_TYPE`.
 *
 * Replies (executor.py, "matching Claude Code's hook contract"): exit 2
 * blocks; on exit 0 stdout may be one JSON object `{decision: "allow" |
 * "deny", reason, additionalContext, continue}`. A deny blocks PreToolUse
 * and UserPromptSubmit, and on Stop keeps the agent running; only
 * UserPromptSubmit reads `additionalContext` (manager.py). PostToolUse,
 * SessionStart and SessionEnd results are not acted on. There is no ask and
 * no input or output rewrite.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, type ParsedPayload, str } from "../dialect.ts";
import { textOf, toolInputOf } from "./_fields.ts";
import { type ReplyTable, tableDialect } from "./_reply_table.ts";

const deny = (reason: string | undefined) => ({ decision: "deny", ...(reason ? { reason } : {}) });

/** OpenHands' reply contract. */
export const OPENHANDS_REPLIES: ReplyTable = {
  host: "OpenHands",
  events: {
    PreToolUse: { deny },
    UserPromptSubmit: { deny, context: (text) => ({ additionalContext: text }) },
    Stop: { deny },
  },
  read(_event, json) {
    const decision = str(json.decision)?.toLowerCase();
    return {
      decision: decision === "deny" || json.continue === false
        ? "deny"
        : decision === "allow"
        ? "allow"
        : undefined,
      context: str(json.additionalContext),
    };
  },
};

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  return { sessionId: str(raw.session_id) ?? "", projectDir: str(raw.working_dir) };
}

/** Reads an OpenHands stdin object for `event`. */
export function parseOpenHandsPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const toolName = str(raw.tool_name) ?? "";
  switch (event) {
    case "PreToolUse":
      return { ...base, toolName, toolInput: toolInputOf(raw.tool_input) };
    case "PostToolUse":
      return {
        ...base,
        toolName,
        toolInput: toolInputOf(raw.tool_input),
        toolOutput: textOf(raw.tool_response),
      };
    case "UserPromptSubmit":
      return { ...base, prompt: str(raw.message) ?? "" };
    default:
      return base;
  }
}

/** OpenHands' dialect. */
export const openhandsDialect: HookDialect = {
  name: "openhands",
  parse: parseOpenHandsPayload,
  session,
  ...tableDialect(OPENHANDS_REPLIES),
};
