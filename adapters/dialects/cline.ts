/**
 * Cline's hook wire format, in both runtimes (cline/cline@21cb8d2; facts in
 * adapters/cline/mod.ts). Stdin is the protobuf `HookInput` as JSON
 * (apps/vscode/proto/cline/hooks.proto): `clineVersion`, `hookName`,
 * `timestamp`, `taskId` (the session), `workspaceRoots`, `userId`, and one
 * camelCase data object named after the hook (`preToolUse: {toolName,
 * parameters}`, `postToolUse: {…, result, success}`, `userPromptSubmit:
 * {prompt}`, `taskStart: {taskMetadata}`, …), tool parameters as a string
 * map. The extension names hooks as its files do (`TaskResume`); the CLI
 * sends its own event names (`agent_start`, `agent_resume`, `agent_abort`,
 * `prompt_submit`, `tool_call`, `tool_result`, `agent_end`) and adds the raw
 * tool call (`tool_call: {id, name, input}`, `tool_result`)
 * (sdk/packages/core/src/hooks/hook-file-hooks.ts `createPayloadBase` and
 * the run* functions). Both are read.
 *
 * The reply is one JSON object: `cancel` stops the action (the tool, the
 * prompt), `contextModification` (the CLI also takes `context`) adds text
 * to the conversation and `errorMessage` says why; the CLI's PreToolUse
 * also takes `overrideInput`, the whole new tool input (hook-file-hooks.ts
 * `parseHookControl`). There is no ask and no output rewrite. SessionStart
 * takes no reply: the extension drops its context (hooks-adapter.ts
 * `runTaskStart`) and the CLI never reads it.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { type ReadBack, type ReplyTable, tableDialect } from "./_reply_table.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  const roots = Array.isArray(raw.workspaceRoots) ? raw.workspaceRoots : [];
  return { sessionId: str(raw.taskId) ?? "", projectDir: str(roots[0]) };
}

/** The CLI's event names for the files' hook names (hook-file-config.ts). */
const RESUME = ["TaskResume", "agent_resume"];
const CANCEL = ["TaskCancel", "agent_abort"];

/** The tool's own input: the CLI's raw `tool_call.input`, else the string map. */
function toolInput(raw: Record<string, unknown>, data: Record<string, unknown>) {
  return obj(obj(raw.tool_call)?.input) ?? obj(obj(raw.tool_result)?.input) ??
    obj(data.parameters) ?? {};
}

/** Reads a Cline stdin object (either runtime's naming) for `event`. */
export function parseClinePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const hook = str(raw.hookName) ?? "";
  switch (event) {
    case "SessionStart":
      return { ...base, source: RESUME.includes(hook) ? "resume" : "startup" };
    case "SessionEnd":
      return { ...base, reason: CANCEL.includes(hook) ? "cancel" : undefined };
    case "UserPromptSubmit":
      return { ...base, prompt: str(obj(raw.userPromptSubmit)?.prompt) ?? "" };
    case "PreToolUse": {
      const data = obj(raw.preToolUse) ?? {};
      const name = str(data.toolName) ?? str(obj(raw.tool_call)?.name) ?? "";
      return { ...base, toolName: name, toolInput: toolInput(raw, data) };
    }
    case "PostToolUse": {
      const data = obj(raw.postToolUse) ?? {};
      return {
        ...base,
        toolName: str(data.toolName) ?? str(obj(raw.tool_result)?.name) ?? "",
        toolInput: toolInput(raw, data),
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
    // The extension acts on the cancel; neither runtime takes prompt context.
    UserPromptSubmit: { deny: cancel },
    PreToolUse: {
      deny: cancel,
      context,
      // Applied by the CLI only (hook-file-hooks.ts beforeToolResultFromControl).
      modifyInput: (input) => ({ overrideInput: input }),
    },
    PostToolUse: { denyAsContext: true, context },
  },
  read(_event, json): ReadBack {
    const out: ReadBack = {};
    if (json.cancel === true) out.decision = "deny";
    if (json.overrideInput !== undefined) out.updatedInput = json.overrideInput;
    out.context = str(json.contextModification) ?? str(json.context);
    return out;
  },
};

/** Cline's dialect. */
export const clineDialect: HookDialect = {
  name: "cline",
  parse: parseClinePayload,
  session,
  ...tableDialect(CLINE_REPLIES),
};
