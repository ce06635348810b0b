/**
 * Mistral Vibe's hook wire format (mistralai/mistral-vibe 2.18.4 README
 * "Hooks (Experimental)"; vibe/core/hooks/models.py). The stdin object is
 * snake_case: `session_id`, `transcript_path`, `cwd`, `hook_event_name`
 * (`before_tool`, `after_tool`, `post_agent_turn`), and for the tool hooks
 * `tool_name`, `tool_call_id`, `tool_input`; `after_tool` adds
 * `tool_status`, `tool_output`, `tool_output_text`, `tool_error`.
 *
 * Replies are exit 0 with one JSON object (or nothing):
 * - `before_tool`: `decision: "deny"` + `reason` denies the call (the
 *   reason is the tool error the model sees); `hook_specific_output.
 *   tool_input` replaces the arguments whole. There is no ask, so an ask is
 *   written as a deny (the safe side).
 * - `after_tool`: `decision: "deny"` + `reason` replaces the output text the
 *   model sees with the reason (so it also carries a rewritten output);
 *   `hook_specific_output.additional_context` is appended to it.
 * - `post_agent_turn`: `decision: "deny"` + `reason` sends the reason back
 *   as a new user message (at most 3 times per hook per user turn).
 * A failing or malformed hook is a warning unless the hook is `strict`.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import { formatByTable, judgeByTable, type ReplyTable } from "./_reply_table.ts";

const deny = (reason: string | undefined) => ({
  decision: "deny",
  reason: reason ?? "Denied by an agent-connector hook",
});

/** Mistral Vibe's reply contract. */
export const VIBE_REPLIES: ReplyTable = {
  host: "Mistral Vibe",
  events: {
    PreToolUse: {
      deny,
      ask: deny,
      modifyInput: (input) => ({ hook_specific_output: { tool_input: input } }),
    },
    PostToolUse: {
      deny,
      modifyOutput: (text) => ({ decision: "deny", reason: text }),
      context: (text) => ({ hook_specific_output: { additional_context: text } }),
    },
    Stop: { deny },
  },
  read(event, json) {
    const denied = json.decision === "deny";
    const specific = obj(json.hook_specific_output);
    return {
      decision: denied ? "deny" : undefined,
      updatedInput: event === "PreToolUse" ? specific?.tool_input : undefined,
      updatedOutput: event === "PostToolUse" && denied ? str(json.reason) : undefined,
      context: event === "PostToolUse" ? str(specific?.additional_context) : undefined,
    };
  },
};

/** Reads Vibe's stdin object for `event`: the tool output is `tool_output_text`. */
export function parseVibePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const parsed = parseClaudePayload(event, raw);
  return event === "PostToolUse"
    ? { ...parsed, toolOutput: str(raw.tool_output_text) ?? parsed.toolOutput }
    : parsed;
}

/** Mistral Vibe's dialect. */
export const mistralVibeDialect: HookDialect = {
  name: "mistral-vibe",
  parse: parseVibePayload,
  session: claudeSession,
  format: (event, response) => formatByTable(VIBE_REPLIES, event, response),
  judge: (event, response, reply) => judgeByTable(VIBE_REPLIES, event, response, reply),
};
