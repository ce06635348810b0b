/**
 * Hermes Agent's shell-hook wire format (NousResearch/hermes-agent
 * `website/docs/user-guide/features/hooks.md`, "Shell Hooks" → "JSON wire
 * protocol"):
 *
 * - stdin: `{hook_event_name, tool_name, tool_input, session_id, cwd,
 *   profile, extra}`; `extra` carries the event's own arguments
 *   (`user_message`, `child_role`, `child_subagent_id`, …).
 * - stdout, exit 0: on pre_tool_call `{"decision":"block","reason"}`
 *   (or exit 2 with stderr) blocks, `{"decision":"modify","tool_input"}`
 *   rewrites the arguments, `{"action":"approve","message"}` sends the call
 *   to Hermes's human-approval gate; on pre_llm_call `{"context"}` is added
 *   to the next model turn. Every other event is observation only.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { snakeTool, textOf } from "../dialects/_fields.ts";
import {
  blockDecision,
  type ReadBack,
  type ReplyTable,
  tableDialect,
} from "../dialects/_reply_table.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  return { sessionId: str(raw.session_id) ?? "", projectDir: str(raw.cwd) };
}

/** Reads a Hermes shell-hook stdin object for `event`. */
export function parseHermesPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const extra = obj(raw.extra) ?? {};
  switch (event) {
    case "SessionStart":
      return { ...base, source: "startup" };
    case "UserPromptSubmit":
      return { ...base, prompt: str(extra.user_message) ?? "" };
    case "PreToolUse":
      return { ...base, ...snakeTool(raw) };
    case "PostToolUse":
      return { ...base, ...snakeTool(raw), toolOutput: textOf(extra.result) };
    case "SubagentStart":
      return { ...base, agentId: str(extra.child_subagent_id), agentType: str(extra.child_role) };
    case "SubagentStop":
      return {
        ...base,
        agentType: str(extra.child_role),
        lastAssistantMessage: str(extra.child_summary),
      };
    default:
      return base;
  }
}

/** Hermes's reply contract per event. */
export const HERMES_REPLIES: ReplyTable = {
  host: "Hermes",
  events: {
    PreToolUse: {
      deny: blockDecision,
      ask: (reason) => ({ action: "approve", ...(reason ? { message: reason } : {}) }),
      modifyInput: (input) => ({ decision: "modify", tool_input: input }),
    },
    UserPromptSubmit: { denyAsContext: true, context: (context) => ({ context }) },
  },
  read(_event, json): ReadBack {
    const out: ReadBack = {};
    if (json.decision === "block" || json.action === "block") out.decision = "deny";
    if (json.action === "approve") out.decision = "ask";
    if (json.decision === "modify" || json.action === "modify") {
      out.updatedInput = json.tool_input ?? json.args;
    }
    if (typeof json.context === "string") out.context = json.context;
    return out;
  },
};

/** Hermes's dialect. */
export const hermesDialect: HookDialect = {
  name: "hermes",
  parse: parseHermesPayload,
  session,
  ...tableDialect(HERMES_REPLIES),
};
