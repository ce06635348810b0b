/**
 * VS Code's (GitHub Copilot Chat agent) hook wire format (HOSTS.md §6c;
 * microsoft/vscode-docs docs/agent-customization/hooks.md and
 * docs/agents/reference/hooks-reference.md; examples in
 * tests/fixtures/payloads/vscode-copilot/). Common stdin fields are camelCase
 * (`sessionId`, `hookEventName`, ISO `timestamp`) and event fields
 * snake_case (`tool_name`, `tool_input` with VS Code's camelCase tool
 * schemas). Replies follow Claude's shape with three differences: Stop
 * carries `decision`/`reason` INSIDE `hookSpecificOutput`,
 * UserPromptSubmit and PreCompact take only the common fields (so a prompt
 * is dropped with `continue:false` and no context can be added), and
 * PostToolUse cannot rewrite the tool output.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { parseClaudePayload } from "./claude.ts";
import { formatByTable, judgeByTable, type ReadBack, type ReplyTable } from "./_reply_table.ts";

/** Reads a VS Code stdin object for `event`. */
export function parseVsCodePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const parsed = parseClaudePayload(event, raw);
  // VS Code's SessionStart `source` is "always new" (hooks-reference.md).
  if (event === "SessionStart") parsed.source = "startup";
  return parsed;
}

function specific(event: HookEventName, fields: Record<string, unknown>) {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

const block = (reason: string | undefined) => ({
  decision: "block",
  reason: reason ?? "Blocked by a hook.",
});

/** VS Code's reply contract per event (hooks-reference.md). */
export const VSCODE_REPLIES: ReplyTable = {
  host: "VS Code",
  events: {
    SessionStart: { context: (t) => specific("SessionStart", { additionalContext: t }) },
    UserPromptSubmit: {
      deny: (reason) => ({ continue: false, stopReason: reason ?? "Blocked by a hook." }),
    },
    PreToolUse: {
      deny: (reason) =>
        specific("PreToolUse", {
          permissionDecision: "deny",
          ...(reason ? { permissionDecisionReason: reason } : {}),
        }),
      ask: (reason) =>
        specific("PreToolUse", {
          permissionDecision: "ask",
          ...(reason ? { permissionDecisionReason: reason } : {}),
        }),
      modifyInput: (input, reason) =>
        specific("PreToolUse", {
          permissionDecision: "allow",
          ...(reason ? { permissionDecisionReason: reason } : {}),
          updatedInput: input,
        }),
      context: (t) => specific("PreToolUse", { additionalContext: t }),
    },
    PostToolUse: {
      deny: block,
      context: (t) => specific("PostToolUse", { additionalContext: t }),
    },
    Stop: {
      deny: (reason) =>
        specific("Stop", {
          decision: "block",
          reason: reason ?? "Continue: a hook asked the agent not to stop yet.",
        }),
    },
    SubagentStart: {
      denyAsContext: true,
      context: (t) => specific("SubagentStart", { additionalContext: t }),
    },
    SubagentStop: { deny: block },
  },
  read(event, json): ReadBack {
    const out: ReadBack = {};
    const hso = obj(json.hookSpecificOutput);
    if (json.continue === false) out.decision = "deny";
    // Stop reads its decision inside hookSpecificOutput; the others at the top.
    const decision = event === "Stop" ? hso?.decision : json.decision;
    if (decision === "block") out.decision = "deny";
    const permission = str(hso?.permissionDecision);
    if (permission === "deny" || permission === "ask" || permission === "allow") {
      out.decision = permission;
    }
    if (hso?.updatedInput !== undefined) out.updatedInput = hso.updatedInput;
    out.context = str(hso?.additionalContext);
    return out;
  },
};

/** VS Code's dialect (GitHub Copilot Chat's agent hooks). */
export const vscodeDialect: HookDialect = {
  name: "vscode",
  parse: parseVsCodePayload,
  session: (raw) => ({
    sessionId: str(raw.sessionId) ?? str(raw.session_id) ?? "",
    projectDir: str(raw.cwd),
  }),
  format: (event, response) => formatByTable(VSCODE_REPLIES, event, response),
  judge: (event, response, reply) => judgeByTable(VSCODE_REPLIES, event, response, reply),
};
