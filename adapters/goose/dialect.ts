/**
 * Goose's hook wire format (Open Plugins hooks; block/goose
 * `documentation/docs/guides/context-engineering/hooks.md`, "Hook Payload"
 * and "Blocking a Tool Call"):
 *
 * - stdin: `event`, `session_id`, and where they apply `tool_name`,
 *   `tool_input`, `tool_call_id`, `working_dir` (tool events), `message`
 *   (the prompt, on UserPromptSubmit) and `last_assistant_message` (Stop).
 * - Only PreToolUse and Stop can block: `{"decision":"block","reason"}` on
 *   stdout (or exit 2 with stderr) denies the tool call, or keeps the turn
 *   going on Stop. Exit 0 with empty stdout allows. Every other event is
 *   observation only, so no context, ask or rewrite reaches Goose; an ask
 *   on PreToolUse is written as a block (the safe side).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, type ParsedPayload, str } from "../dialect.ts";
import { snakeTool } from "../dialects/_fields.ts";
import {
  blockDecision,
  type ReadBack,
  type ReplyTable,
  tableDialect,
} from "../dialects/_reply_table.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  return { sessionId: str(raw.session_id) ?? "", projectDir: str(raw.working_dir) };
}

/** Reads a Goose stdin object for `event`. */
export function parseGoosePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  switch (event) {
    case "SessionStart":
      return { ...base, source: "startup" };
    case "UserPromptSubmit":
      return { ...base, prompt: str(raw.message) ?? "" };
    case "PreToolUse":
      return { ...base, ...snakeTool(raw) };
    case "PostToolUse":
      return { ...base, ...snakeTool(raw) };
    case "PostToolUseFailure":
      return {
        ...base,
        ...snakeTool(raw),
        toolUseId: str(raw.tool_call_id),
        error: str(raw.error) ?? "",
      };
    default:
      return base;
  }
}

/** Goose's reply contract: only PreToolUse and Stop read a decision. */
export const GOOSE_REPLIES: ReplyTable = {
  host: "Goose",
  events: {
    PreToolUse: { deny: blockDecision, ask: blockDecision },
    Stop: { deny: blockDecision },
  },
  read(_event, json): ReadBack {
    return json.decision === "block" ? { decision: "deny" } : {};
  },
};

/** Goose's dialect. */
export const gooseDialect: HookDialect = {
  name: "goose",
  parse: parseGoosePayload,
  session,
  ...tableDialect(GOOSE_REPLIES),
};
