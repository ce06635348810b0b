/**
 * The pi dialect: the protocol between our generated pi extension
 * (adapters/pi/extension.ts) and `agent-connector hook pi` (and `hook omp`:
 * oh-my-pi keeps pi's extension API). The extension sends what pi handed its
 * handler, trimmed: `{event: <pi event>, cwd, sessionId, input}` — for
 * `tool_call` `{toolName, toolCallId, input}`, for `tool_result` the same
 * plus `output` (the text parts) and `isError`, for `input` `{text,
 * source}`, for session events `{reason}`. Event names and fields: pi-mono
 * packages/coding-agent docs/extensions.md and `src/core/extensions/runner.ts`.
 *
 * The reply is one JSON object the extension applies: `block` (a tool call
 * returns `{block: true, reason}`, a prompt is swallowed, a compaction
 * cancelled), `args` (replaces the tool's input in place), `output`
 * (replaces a tool result's text) and `context` (appended to a tool result,
 * or — at session start and prompt submit — added to the system prompt).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import type { ReplyTable } from "./_reply_table.ts";
import { pluginBlock, pluginDialect, pluginReplyTable } from "./_plugin_reply.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  return { sessionId: str(raw.sessionId) ?? "", projectDir: str(raw.cwd) };
}

const SOURCES: Record<string, string> = { new: "clear", resume: "resume", fork: "resume" };

/** Reads a payload our pi extension sent for `event`. */
export function parsePiPayload(event: HookEventName, raw: Record<string, unknown>): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const input = obj(raw.input) ?? {};
  switch (event) {
    case "SessionStart":
      return { ...base, source: SOURCES[str(input.reason) ?? ""] ?? "startup" };
    case "SessionEnd":
      return { ...base, reason: str(input.reason) ?? "other" };
    case "UserPromptSubmit":
      return { ...base, prompt: str(input.text) ?? "" };
    case "PreToolUse":
      return { ...base, toolName: str(input.toolName) ?? "", toolInput: obj(input.input) ?? {} };
    case "PostToolUse":
      return {
        ...base,
        toolName: str(input.toolName) ?? "",
        toolInput: obj(input.input) ?? {},
        toolOutput: str(input.output),
      };
    default:
      return base;
  }
}

/** What the extension applies, per event. */
export const PI_REPLIES: ReplyTable = pluginReplyTable("pi", { PreCompact: { deny: pluginBlock } });

/** pi's dialect (the generated extension's protocol). */
export const piDialect: HookDialect = pluginDialect(parsePiPayload, session, PI_REPLIES);
