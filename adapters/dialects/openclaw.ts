/**
 * The OpenClaw dialect: the protocol between our generated plugin
 * (adapters/openclaw/plugin.ts) and `agent-connector hook openclaw`
 * (NemoClaw's plugin speaks it too). The plugin sends `{event: <OpenClaw
 * hook>, directory, input, ctx}`: `input` is the hook's event object as
 * OpenClaw hands it (`before_tool_call`: `{toolName, params, toolCallId,
 * runId}`; `after_tool_call`: adds `result`, `error`; a prompt: `{prompt}`;
 * session hooks: `{sessionId, sessionKey}`), `ctx` the session fields of the
 * hook context (`sessionId`, `sessionKey`, `agentId`, `runId`). Field names:
 * the `PluginHook*Event` types in the openclaw package's `dist/*.d.ts`.
 *
 * The reply is one JSON object the plugin applies: `block` (a tool call
 * gets `{block: true, blockReason}`, a prompt `before_agent_run`'s
 * `{outcome: "block"}`), `args` (the tool's new `params`) and `context`
 * (added to the prompt as `appendContext`).
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
  readPluginReply,
} from "./_plugin_reply.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  const input = obj(raw.input) ?? {};
  const ctx = obj(raw.ctx) ?? {};
  return {
    sessionId: str(ctx.sessionId) ?? str(input.sessionId) ?? str(ctx.sessionKey) ?? "",
    projectDir: str(raw.directory),
  };
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Reads a payload our OpenClaw plugin sent for `event`. */
export function parseOpenclawPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const input = obj(raw.input) ?? {};
  switch (event) {
    case "SessionStart":
      return { ...base, source: str(input.resumedFrom) ? "resume" : "startup" };
    case "UserPromptSubmit":
      return { ...base, prompt: str(input.prompt) ?? "" };
    case "PreToolUse":
      return { ...base, toolName: str(input.toolName) ?? "", toolInput: obj(input.params) ?? {} };
    case "PostToolUse":
    case "PostToolUseFailure":
      return {
        ...base,
        toolName: str(input.toolName) ?? "",
        toolInput: obj(input.params) ?? {},
        toolOutput: text(input.result),
        ...(event === "PostToolUseFailure" ? { error: str(input.error) ?? "" } : {}),
      };
    default:
      return base;
  }
}

/** What the plugin applies, per event. */
export const OPENCLAW_REPLIES: ReplyTable = {
  host: "OpenClaw",
  events: {
    SessionStart: { context },
    UserPromptSubmit: { deny: block, context },
    // The plugin has no ask to give: requireApproval needs OpenClaw's approval UI, which a
    // headless run lacks, so an ask blocks — the safe side.
    PreToolUse: { deny: block, ask: block, modifyInput: pluginArgs },
  },
  read: readPluginReply,
};

/** OpenClaw's dialect (the generated plugin's protocol). */
export const openclawDialect: HookDialect = {
  name: "openclaw",
  parse: parseOpenclawPayload,
  session,
  ...tableDialect(OPENCLAW_REPLIES),
};
