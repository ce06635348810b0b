/**
 * Antigravity's hook wire format (the IDE and `agy` share it). Facts: the
 * events and the file shape are measured against agy 1.1.25 by skillsaw
 * (stbenjam/skillsaw docs/rules/antigravity-hooks-valid.md); HOSTS.md §11
 * says the payload's fields are camelCase. The payload and reply fields are
 * not published, so this dialect reads both spellings of each field
 * (`toolName`/`tool_name`, `toolInput`/`tool_input`/`args`,
 * `conversationId`/`sessionId`/`session_id`, `workspace`/`cwd`) and replies
 * with the one channel every such host honours: exit 2 on `PreToolUse`
 * blocks with stderr as the message (exit_code_family.ts); nothing else is
 * read back, so context, rewrites and asks are reported as dropped.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { textOf, toolInputOf } from "./_fields.ts";
import {
  type ExitCodeFamily,
  formatExitCodeReply,
  judgeExitCodeReply,
} from "./exit_code_family.ts";

/** Antigravity's blocking event (only a tool call can be stopped). */
export const ANTIGRAVITY_FAMILY: ExitCodeFamily = {
  host: "Antigravity",
  blocking: new Set<HookEventName>(["PreToolUse"]),
  askBlocks: true,
};

/** The first string among `keys` of `raw`. */
function first(raw: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = str(raw[k]);
    if (v) return v;
  }
  return undefined;
}

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  return {
    sessionId: first(raw, ["conversationId", "sessionId", "session_id", "trajectoryId"]) ?? "",
    projectDir: first(raw, ["workspace", "workspaceRoot", "cwd", "projectDir"]),
  };
}

/** Reads an Antigravity stdin object for `event`. */
export function parseAntigravityPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const toolName = first(raw, ["toolName", "tool_name", "tool"]) ?? "";
  const toolInput = toolInputOf(raw.toolInput ?? raw.tool_input ?? raw.toolArgs ?? raw.args);
  switch (event) {
    case "PreToolUse":
      return { ...base, toolName, toolInput };
    case "PostToolUse": {
      const result = raw.toolResult ?? raw.tool_response ?? raw.result;
      const error = obj(result)?.error ?? raw.error;
      return {
        ...base,
        toolName,
        toolInput,
        toolOutput: textOf(result),
        isError: error === undefined ? undefined : Boolean(error),
      };
    }
    case "UserPromptSubmit":
      return { ...base, prompt: first(raw, ["prompt", "userPrompt", "user_prompt"]) ?? "" };
    default:
      return base;
  }
}

/** Antigravity's dialect. */
export const antigravityDialect: HookDialect = {
  name: "antigravity",
  parse: parseAntigravityPayload,
  session,
  format: (event, response) => formatExitCodeReply(ANTIGRAVITY_FAMILY, event, response),
  judge: (event, response, reply) => judgeExitCodeReply(ANTIGRAVITY_FAMILY, event, response, reply),
};
