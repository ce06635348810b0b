/**
 * Cline's hook wire format (docs.cline.bot/features/hooks/hook-reference;
 * cline/cline `proto/cline/hooks.proto`, `src/core/hooks/hook-factory.ts`).
 * Stdin is the protobuf `HookInput` as JSON: `clineVersion`, `hookName`,
 * `timestamp`, `taskId` (the session), `workspaceRoots`, `userId`, and one
 * camelCase data object named after the hook (`preToolUse: {toolName,
 * parameters}`, `postToolUse: {…, result, success}`, `userPromptSubmit:
 * {prompt}`, `taskStart: {taskMetadata}`, …). Tool parameters are a string
 * map. The reply is one JSON object: `cancel` stops the action (the tool,
 * the prompt), `contextModification` adds text to the conversation and
 * `errorMessage` says why. There is no ask and no input or output rewrite.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { formatByTable, judgeByTable, type ReadBack, type ReplyTable } from "./_reply_table.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  const roots = Array.isArray(raw.workspaceRoots) ? raw.workspaceRoots : [];
  return { sessionId: str(raw.taskId) ?? "", projectDir: str(roots[0]) };
}

/** Reads a Cline stdin object for `event`. */
export function parseClinePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  switch (event) {
    case "SessionStart":
      return { ...base, source: str(raw.hookName) === "TaskResume" ? "resume" : "startup" };
    case "SessionEnd":
      return { ...base, reason: str(raw.hookName) === "TaskCancel" ? "cancel" : undefined };
    case "UserPromptSubmit":
      return { ...base, prompt: str(obj(raw.userPromptSubmit)?.prompt) ?? "" };
    case "PreToolUse": {
      const data = obj(raw.preToolUse) ?? {};
      return { ...base, toolName: str(data.toolName) ?? "", toolInput: obj(data.parameters) ?? {} };
    }
    case "PostToolUse": {
      const data = obj(raw.postToolUse) ?? {};
      return {
        ...base,
        toolName: str(data.toolName) ?? "",
        toolInput: obj(data.parameters) ?? {},
        toolOutput: str(data.result),
        isError: typeof data.success === "boolean" ? !data.success : undefined,
      };
    }
    case "PreCompact": {
      const strategy = str(obj(raw.preCompact)?.compactionStrategy);
      return { ...base, trigger: strategy?.startsWith("auto") ? "auto" : undefined };
    }
    default:
      return base;
  }
}

const cancel = (reason: string | undefined) => ({
  cancel: true,
  errorMessage: reason ?? "Blocked by a hook.",
});
const context = (text: string) => ({ contextModification: text });

/** Cline's reply contract per event. */
export const CLINE_REPLIES: ReplyTable = {
  host: "Cline",
  events: {
    SessionStart: { context },
    UserPromptSubmit: { deny: cancel, context },
    PreToolUse: { deny: cancel, context },
    PostToolUse: { denyAsContext: true, context },
  },
  read(_event, json): ReadBack {
    const out: ReadBack = {};
    if (json.cancel === true) out.decision = "deny";
    out.context = str(json.contextModification);
    return out;
  },
};

/** Cline's dialect. */
export const clineDialect: HookDialect = {
  name: "cline",
  parse: parseClinePayload,
  session,
  format: (event, response) => formatByTable(CLINE_REPLIES, event, response),
  judge: (event, response, reply) => judgeByTable(CLINE_REPLIES, event, response, reply),
};
