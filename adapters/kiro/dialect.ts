/**
 * The hook wire format of agent-JSON hooks, shared by the Kiro CLI and its
 * predecessor, the Amazon Q Developer CLI (aws/amazon-q-developer-cli
 * `crates/chat-cli/src/cli/chat/cli/hooks.rs`, `conversation.rs`;
 * kiro.dev/docs/cli/hooks):
 *
 * - stdin: `{hook_event_name, cwd}` plus `prompt` on userPromptSubmit and
 *   `tool_name`, `tool_input` (and `tool_response` after the tool) on the
 *   tool events. There is no session id.
 * - Replies are exit codes (exit_code_family.ts): exit 2 on preToolUse
 *   blocks the tool and returns stderr to the model; any other event
 *   ignores a block. On exit 0, the stdout of agentSpawn and
 *   userPromptSubmit hooks is added to the model's context; other events'
 *   stdout is not shown. No ask, no rewrite: an ask is written as a block.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import {
  type HookDialect,
  type NativeReply,
  obj,
  type ParsedPayload,
  requestedDecision,
  str,
  type Verdict,
} from "../dialect.ts";
import {
  type ExitCodeFamily,
  formatExitCodeReply,
  judgeExitCodeReply,
} from "../dialects/exit_code_family.ts";
import { snakeTool, textOf } from "../dialects/_fields.ts";

/** Events whose stdout (exit 0) becomes context. */
const CONTEXT_EVENTS: ReadonlySet<HookEventName> = new Set(["SessionStart", "UserPromptSubmit"]);

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  return { sessionId: "", projectDir: str(raw.cwd) };
}

/** Reads an agent-hook stdin object for `event`. */
export function parseAgentHookPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  switch (event) {
    case "SessionStart":
      return { ...base, source: "startup" };
    case "UserPromptSubmit":
      return { ...base, prompt: str(raw.prompt) ?? "" };
    case "PreToolUse":
      return { ...base, ...snakeTool(raw) };
    case "PostToolUse": {
      const response = raw.tool_response;
      const success = obj(response)?.success;
      return {
        ...base,
        ...snakeTool(raw),
        toolOutput: textOf(response),
        isError: typeof success === "boolean" ? !success : undefined,
      };
    }
    default:
      return base;
  }
}

/** Writes an agent-hook reply: exit 2 blocks preToolUse; context is plain stdout. */
export function formatAgentHookReply(
  family: ExitCodeFamily,
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  const blocked = formatExitCodeReply(family, event, response);
  if (blocked.exitCode !== 0) return blocked;
  const context = response?.additionalContext;
  if (!context || !CONTEXT_EVENTS.has(event)) return blocked;
  return { exitCode: 0, stdout: `${context}\n`, stderr: "" };
}

/** Judges an agent-hook reply: context by its stdout, the rest by exit code. */
export function judgeAgentHookReply(
  family: ExitCodeFamily,
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  if (requestedDecision(response) === "context") {
    const wanted = response?.additionalContext ?? "";
    return CONTEXT_EVENTS.has(event) && reply.exitCode === 0 &&
        reply.stdout.trim() === wanted.trim()
      ? { honored: true, reason: `${family.host} adds the hook's stdout to the context` }
      : { honored: false, reason: `${family.host} shows no hook output on ${event}` };
  }
  return judgeExitCodeReply(family, event, response, reply);
}

/** Builds the dialect of one agent-hook host. */
export function agentHookDialect(name: string, family: ExitCodeFamily): HookDialect {
  return {
    name,
    parse: parseAgentHookPayload,
    session,
    format: (event, response) => formatAgentHookReply(family, event, response),
    judge: (event, response, reply) => judgeAgentHookReply(family, event, response, reply),
  };
}

/** Kiro CLI's blocking event. */
export const KIRO_FAMILY: ExitCodeFamily = {
  host: "Kiro",
  blocking: new Set<HookEventName>(["PreToolUse"]),
  askBlocks: true,
};

/** Kiro CLI's dialect. */
export const kiroDialect: HookDialect = agentHookDialect("kiro", KIRO_FAMILY);
