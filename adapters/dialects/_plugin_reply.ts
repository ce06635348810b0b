/**
 * The reply our generated plugins apply (opencode's plugin, pi's
 * extension): one JSON object with `block` (the plugin stops the tool,
 * prompt or compaction its host's way), `args` (the tool's new input),
 * `output` (the tool's new output text) and `context` (text for the
 * model). The fragments and the read-back are the same for every plugin
 * host; each host's table says which event takes which.
 *
 * Lean: loaded on every hook call of those hosts.
 *
 * @module
 */

import { str } from "../dialect.ts";
import type { ReadBack } from "./_reply_table.ts";

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
