/**
 * Cursor's hook wire format (HOSTS.md §4c; examples in
 * tests/fixtures/payloads/cursor/). Stdin is snake_case with camelCase event
 * names in `hook_event_name`; there is no top-level `cwd` on most events, so
 * the project is `workspace_roots[0]`; MCP events send `tool_input` as a
 * JSON string. Replies are one snake_case JSON object on exit 0:
 * `permission` + `user_message` / `agent_message` / `updated_input` before a
 * tool, `continue:false` to drop a prompt (no context injection there),
 * `additional_context` after a tool and at session start, and
 * `followup_message` to keep the agent going on `stop` / `subagentStop`.
 * Sources: cursor.com/docs/hooks via cupcake.eqtylab.io/reference/harnesses/cursor
 * and ken-jo/agent-connector src/adapters/cursor/index.ts (reply fields).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { bool, type HookDialect, num, type ParsedPayload, str } from "../dialect.ts";
import { textOf as text, toolInputOf } from "./_fields.ts";
import { type ReadBack, type ReplyTable, tableDialect } from "./_reply_table.ts";

function session(raw: Record<string, unknown>) {
  const roots = Array.isArray(raw.workspace_roots) ? raw.workspace_roots : [];
  return {
    sessionId: str(raw.session_id) ?? str(raw.conversation_id) ?? "",
    projectDir: str(roots[0]) ?? str(raw.cwd),
  };
}

/** Reads a Cursor stdin object for `event`. */
export function parseCursorPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const tool = () => ({
    toolName: str(raw.tool_name) ?? "",
    toolInput: toolInputOf(raw.tool_input),
  });
  // `loop_count` counts the follow-ups already sent: a stop after one is the
  // same situation as Claude's stop_hook_active.
  const looping = () => bool(raw.stop_hook_active) ?? ((num(raw.loop_count) ?? 0) > 0);
  const agent = () => ({
    agentId: str(raw.agent_id) ?? str(raw.subagent_id),
    agentType: str(raw.agent_type) ?? str(raw.subagent_type),
  });
  switch (event) {
    case "SessionStart":
      return { ...base, source: str(raw.source) === "resume" ? "resume" : "startup" };
    case "SessionEnd":
      return { ...base, reason: str(raw.reason) };
    case "UserPromptSubmit":
      return { ...base, prompt: str(raw.prompt) ?? "" };
    case "PreToolUse":
    case "PermissionRequest":
      return { ...base, ...tool() };
    case "PostToolUse":
      return {
        ...base,
        ...tool(),
        toolOutput: text(raw.tool_output ?? raw.result_json ?? raw.tool_response),
      };
    case "PostToolUseFailure":
      return {
        ...base,
        ...tool(),
        toolUseId: str(raw.tool_use_id),
        error: str(raw.error_message) ?? str(raw.error) ?? "",
        isInterrupt: bool(raw.is_interrupt),
        durationMs: num(raw.duration),
      };
    case "PreCompact":
    case "PostCompact":
      return { ...base, trigger: str(raw.trigger) };
    case "Stop":
      return { ...base, stopHookActive: looping() };
    case "Notification":
      return { ...base, message: str(raw.message) ?? "" };
    case "SubagentStart":
      return { ...base, ...agent() };
    case "SubagentStop":
      return { ...base, ...agent(), stopHookActive: looping() };
  }
}

const followup = (reason: string | undefined) => ({
  followup_message: reason ?? "Continue: a hook asked the agent not to stop yet.",
});
const addContext = (t: string) => ({ additional_context: t });

/** Cursor's reply contract per event (HOSTS.md §4c table). */
export const CURSOR_REPLIES: ReplyTable = {
  host: "Cursor",
  events: {
    SessionStart: { context: addContext },
    UserPromptSubmit: {
      deny: (reason) => ({ continue: false, user_message: reason ?? "Blocked by a hook." }),
    },
    PreToolUse: {
      deny: (reason) => ({
        permission: "deny",
        user_message: reason ?? "Blocked by a hook.",
        agent_message: reason ?? "Blocked by a hook.",
      }),
      ask: (
        reason,
      ) => (reason ? { permission: "ask", user_message: reason } : { permission: "ask" }),
      modifyInput: (input) => ({ permission: "allow", updated_input: input }),
      context: (t) => ({ agent_message: t }),
    },
    PostToolUse: { denyAsContext: true, context: addContext },
    PostToolUseFailure: { denyAsContext: true, context: addContext },
    Stop: { deny: followup },
    SubagentStop: { deny: followup },
  },
  read(event, json): ReadBack {
    const out: ReadBack = {};
    const permission = str(json.permission);
    if (permission === "deny" || permission === "ask" || permission === "allow") {
      out.decision = permission;
    }
    if (json.continue === false) out.decision = "deny";
    if ((event === "Stop" || event === "SubagentStop") && str(json.followup_message)) {
      out.decision = "deny";
    }
    if (json.updated_input !== undefined) out.updatedInput = json.updated_input;
    out.context = str(json.additional_context) ??
      (out.decision === undefined ? str(json.agent_message) : undefined);
    return out;
  },
};

/** Cursor's dialect. */
export const cursorDialect: HookDialect = {
  name: "cursor",
  parse: parseCursorPayload,
  session,
  ...tableDialect(CURSOR_REPLIES),
};
