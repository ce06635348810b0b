/**
 * VS Code's (GitHub Copilot Chat agent) hook wire format, from the code
 * that builds the stdin and reads the reply (microsoft/vscode-copilot-chat
 * @31acd00a86424e2ee6e980e54919cf31fbf88030; examples in
 * tests/fixtures/payloads/vscode-copilot/*.source.json) and, for the older
 * shape, HOSTS.md §6c and vscode-docs hooks-reference.md.
 *
 * Stdin: the common fields are snake_case — `timestamp` (ISO),
 * `hook_event_name`, `session_id`, `transcript_path` — merged with the
 * event's own snake_case fields (`chatHookService.ts` `executeHook`, since
 * 2026-02-25); VS Code before that sent camelCase `hookEventName` and
 * `sessionId`. Both are read.
 *
 * Replies follow Claude's shape, with VS Code's own readers:
 * - PreToolUse reads only `hookSpecificOutput` (`permissionDecision`,
 *   `permissionDecisionReason`, `updatedInput`, `additionalContext`:
 *   `chatHookService.ts` `executePreToolUseHook`).
 * - UserPromptSubmit aborts on a top-level `decision:"block"` (+ `reason`)
 *   and adds `hookSpecificOutput.additionalContext`
 *   (`src/extension/prompt/node/defaultIntentRequestHandler.ts`).
 * - Stop and SubagentStop block only on `hookSpecificOutput.decision:
 *   "block"` with a non-empty `hookSpecificOutput.reason`
 *   (`src/extension/intents/node/toolCallingLoop.ts` `executeStopHook`,
 *   `executeSubagentStopHook`).
 * - PostToolUse blocks on a top-level `decision:"block"` and cannot
 *   rewrite the tool output (`chatHookService.ts` `executePostToolUseHook`).
 * - SessionStart and SubagentStart add `hookSpecificOutput.additionalContext`
 *   and ignore blocks (`toolCallingLoop.ts`); PreCompact takes nothing.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { parseClaudePayload } from "./claude.ts";
import { type ReadBack, type ReplyTable, tableDialect } from "./_reply_table.ts";

/** Reads a VS Code stdin object (either casing of the common fields) for `event`. */
export function parseVsCodePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const parsed = parseClaudePayload(event, raw);
  // VS Code's SessionStart `source` is always "new" (chatHookService.ts
  // SessionStartHookInput, vscode-copilot-chat@31acd00).
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

/**
 * A stop block nested in `hookSpecificOutput`; VS Code drops one without a
 * non-empty reason (toolCallingLoop.ts `specific.decision === 'block' &&
 * specific.reason`), so an empty reason gets ours.
 */
const holdOn = (event: "Stop" | "SubagentStop") => (reason: string | undefined) =>
  specific(event, {
    decision: "block",
    reason: reason || "Continue: a hook asked the agent not to stop yet.",
  });

/** VS Code's reply contract per event (see the module doc for the sources). */
export const VSCODE_REPLIES: ReplyTable = {
  host: "VS Code",
  events: {
    SessionStart: { context: (t) => specific("SessionStart", { additionalContext: t }) },
    UserPromptSubmit: {
      deny: block,
      context: (t) => specific("UserPromptSubmit", { additionalContext: t }),
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
    Stop: { deny: holdOn("Stop") },
    SubagentStart: {
      denyAsContext: true,
      context: (t) => specific("SubagentStart", { additionalContext: t }),
    },
    SubagentStop: { deny: holdOn("SubagentStop") },
  },
  read(event, json): ReadBack {
    const out: ReadBack = {};
    const hso = obj(json.hookSpecificOutput);
    if (json.continue === false) out.decision = "deny";
    // Stop and SubagentStop read a reasoned decision inside hookSpecificOutput;
    // PostToolUse and UserPromptSubmit a top-level one; PreToolUse neither
    // (it reads only hookSpecificOutput.permissionDecision).
    const nested = event === "Stop" || event === "SubagentStop";
    const topLevel = event === "PostToolUse" || event === "UserPromptSubmit";
    const decision = nested
      ? (str(hso?.reason) ? hso?.decision : undefined)
      : topLevel
      ? json.decision
      : undefined;
    if (decision === "block") out.decision = "deny";
    const permission = str(hso?.permissionDecision);
    if (permission === "deny" || permission === "ask" || permission === "allow") {
      out.decision = permission;
    }
    if (hso?.updatedInput !== undefined) out.updatedInput = hso.updatedInput;
    // UserPromptSubmit also takes a top-level additionalContext (defaultIntentRequestHandler.ts).
    out.context = str(hso?.additionalContext) ??
      (event === "UserPromptSubmit" ? str(json.additionalContext) : undefined);
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
  ...tableDialect(VSCODE_REPLIES),
};
