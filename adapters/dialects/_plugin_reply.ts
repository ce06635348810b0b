/**
 * The reply our generated plugins apply (opencode's plugin, pi's
 * extension, OpenClaw's and Amp's plugins): one JSON object with `block` (the plugin stops the tool,
 * prompt or compaction its host's way), `args` (the tool's new input),
 * `output` (the tool's new output text) and `context` (text for the
 * model). The fragments and the read-back are the same for every plugin
 * host; each host's table says which event takes which.
 *
 * Lean: loaded on every hook call of those hosts.
 *
 * @module
 */

import { type HookDialect, str } from "../dialect.ts";
import { type ReadBack, type ReplyTable, tableDialect } from "./_reply_table.ts";

/** The fragment that blocks, with the handler's reason. */
export const pluginBlock = (reason: string | undefined): { block: string } => ({
  block: reason ?? "Blocked by a hook.",
});

/** The fragment that adds context for the model. */
export const pluginContext = (text: string): { context: string } => ({ context: text });

/** The fragment that replaces the tool's input. */
export const pluginArgs = (args: Record<string, unknown>): { args: Record<string, unknown> } => ({
  args,
});

/** The fragment that replaces the tool's output text. */
export const pluginOutput = (text: string): { output: string } => ({ output: text });

/** Reads a plugin reply back. */
export function readPluginReply(_event: unknown, json: Record<string, unknown>): ReadBack {
  const out: ReadBack = {};
  if (typeof json.block === "string") out.decision = "deny";
  if (json.args !== undefined) out.updatedInput = json.args;
  if (json.output !== undefined) out.updatedOutput = json.output;
  out.context = str(json.context);
  return out;
}

/**
 * The reply table of a plugin host: what every generated plugin applies —
 * context at session start; a prompt's block or context; a tool's block
 * (an ask blocks too, the safe side: no plugin API asks the user) or new
 * input; a tool result's new output or context, where a deny can only be
 * context — plus `extra`, the events where the host differs.
 */
export function pluginReplyTable(host: string, extra: ReplyTable["events"]): ReplyTable {
  return {
    host,
    events: {
      SessionStart: { context: pluginContext },
      UserPromptSubmit: { deny: pluginBlock, context: pluginContext },
      PreToolUse: { deny: pluginBlock, ask: pluginBlock, modifyInput: pluginArgs },
      PostToolUse: { denyAsContext: true, modifyOutput: pluginOutput, context: pluginContext },
      ...extra,
    },
    read: readPluginReply,
  };
}

/** A plugin host's dialect: its payload readers and its reply table. */
export function pluginDialect(
  parse: HookDialect["parse"],
  session: HookDialect["session"],
  table: ReplyTable,
): HookDialect {
  return { name: table.host, parse, session, ...tableDialect(table) };
}
