/**
 * The opencode dialect: the protocol between our generated plugin
 * (adapters/opencode/plugin.ts) and `agent-connector hook opencode`. The
 * plugin sends what opencode handed it, unchanged except for trimming:
 * `{event: <opencode hook or bus event>, directory, worktree, input,
 * output?}` — `input` is the hook's first argument (`{tool, sessionID,
 * callID}` …) or a bus event's `properties`, `output` the parts of the
 * mutable second argument a handler may read (`args`, a tool's `output`,
 * a message's text parts). Field names: anomalyco/opencode
 * `packages/plugin/src/index.ts` (`Hooks`).
 *
 * The reply is one JSON object the plugin applies: `block` (the plugin
 * throws, which is how opencode stops a tool or a prompt), `args` (replaces
 * the tool's arguments), `output` (replaces a tool's output) and `context`
 * (appended after a tool's output, added to the compaction prompt, or — at
 * session start and prompt submit — added to the system prompt).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import {
  formatByTable,
  judgeByTable,
  pluginBlock as block,
  pluginContext as context,
  readPluginReply,
  type ReplyTable,
} from "./_reply_table.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  const input = obj(raw.input) ?? {};
  const info = obj(input.info);
  return {
    sessionId: str(input.sessionID) ?? str(info?.id) ?? "",
    projectDir: str(raw.directory) ?? str(raw.worktree),
  };
}

function promptText(output: Record<string, unknown> | undefined): string {
  const parts = Array.isArray(output?.parts) ? output.parts : [];
  return parts.map((p) => str(obj(p)?.text)).filter((t): t is string => t !== undefined).join(
    "\n",
  );
}

/** Reads a payload our opencode plugin sent for `event`. */
export function parseOpencodePayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const input = obj(raw.input) ?? {};
  const output = obj(raw.output);
  switch (event) {
    case "SessionStart":
      return { ...base, source: "startup" };
    case "UserPromptSubmit":
      return { ...base, prompt: promptText(output) };
    case "PreToolUse":
      return { ...base, toolName: str(input.tool) ?? "", toolInput: obj(output?.args) ?? {} };
    case "PostToolUse":
      return {
        ...base,
        toolName: str(input.tool) ?? "",
        toolInput: obj(input.args) ?? {},
        toolOutput: str(output?.output),
      };
    case "Notification":
      return { ...base, message: str(input.message) ?? "" };
    default:
      return base;
  }
}

/** What the plugin applies, per event. */
export const OPENCODE_REPLIES: ReplyTable = {
  host: "opencode",
  events: {
    SessionStart: { context },
    UserPromptSubmit: { deny: block, context },
    // opencode has no ask: an ask blocks, the safe side (as for Codex).
    PreToolUse: { deny: block, ask: block, modifyInput: (args) => ({ args }) },
    PostToolUse: { denyAsContext: true, modifyOutput: (text) => ({ output: text }), context },
    PreCompact: { context },
  },
  read: (_event, json) => readPluginReply(json),
};

/** opencode's dialect (the generated plugin's protocol). */
export const opencodeDialect: HookDialect = {
  name: "opencode",
  parse: parseOpencodePayload,
  session,
  format: (event, response) => formatByTable(OPENCODE_REPLIES, event, response),
  judge: (event, response, reply) => judgeByTable(OPENCODE_REPLIES, event, response, reply),
};
