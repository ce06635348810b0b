/**
 * The Amp dialect: the protocol between our generated plugin
 * (adapters/amp/plugin.ts) and `agent-connector hook amp`. The plugin sends
 * `{event: <Amp event>, directory, input}`, `input` being Amp's event
 * object (`@ampcode/plugin` types, `amp plugins show-docs`): `tool.call`
 * `{toolUseID, tool, input, thread}`, `tool.result` adds `status`, `error`,
 * `output`; `agent.start` `{thread, message, id}`; `agent.end` `{thread,
 * message, id, status}`; `session.start` `{thread}`. The thread id is the
 * session.
 *
 * The reply is one JSON object the plugin maps onto Amp's results: `block`
 * (a tool call's `reject-and-continue`, a Stop's `continue`), `args`
 * (`modify`), `output` (the tool result's new output) and `context`
 * (appended to the user's message, or to a tool's output). A prompt cannot
 * be stopped, so a deny there travels as context.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { type ReplyTable, tableDialect } from "./_reply_table.ts";
import {
  pluginArgs,
  pluginBlock as block,
  pluginContext as context,
  pluginOutput,
  readPluginReply,
} from "./_plugin_reply.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  const input = obj(raw.input) ?? {};
  return { sessionId: str(obj(input.thread)?.id) ?? "", projectDir: str(raw.directory) };
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Reads a payload our Amp plugin sent for `event`. */
export function parseAmpPayload(event: HookEventName, raw: Record<string, unknown>): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const input = obj(raw.input) ?? {};
  switch (event) {
    case "SessionStart":
      return { ...base, source: "startup" };
    case "UserPromptSubmit":
      return { ...base, prompt: str(input.message) ?? "" };
    case "PreToolUse":
      return {
        ...base,
        toolName: str(input.tool) ?? "",
        toolInput: obj(input.input) ?? {},
        toolUseId: str(input.toolUseID),
      };
    case "PostToolUse":
    case "PostToolUseFailure":
      return {
        ...base,
        toolName: str(input.tool) ?? "",
        toolInput: obj(input.input) ?? {},
        toolUseId: str(input.toolUseID),
        toolOutput: text(input.output),
        ...(event === "PostToolUseFailure" ? { error: str(input.error) ?? "" } : {}),
      };
    case "Stop":
      return { ...base, stopHookActive: false };
    default:
      return base;
  }
}

/** What the plugin applies, per event. */
export const AMP_REPLIES: ReplyTable = {
  host: "Amp",
  events: {
    SessionStart: { context },
    UserPromptSubmit: { denyAsContext: true, context },
    // Amp's tool.call has no ask: an ask blocks, the safe side.
    PreToolUse: { deny: block, ask: block, modifyInput: pluginArgs },
    PostToolUse: { denyAsContext: true, modifyOutput: pluginOutput, context },
    PostToolUseFailure: { denyAsContext: true, context },
    Stop: { deny: block },
  },
  read: readPluginReply,
};

/** Amp's dialect (the generated plugin's protocol). */
export const ampDialect: HookDialect = {
  name: "amp",
  parse: parseAmpPayload,
  session,
  ...tableDialect(AMP_REPLIES),
};
