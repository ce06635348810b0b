/**
 * Junie CLI's hook wire format (junie.jetbrains.com/docs/junie-cli-hooks.html).
 * Junie runs only SessionStart hooks. Each gets one line of JSON on stdin,
 * "the input format used by Gemini and Codex hooks" (`session_id`, `cwd`,
 * `hook_event_name`, `source`: `startup` or `resume`), so Claude's reader
 * parses it. Junie reads nothing back: "hook output and exit status do not
 * block Junie startup", so no decision and no context reaches the agent —
 * a handler runs for its side effects (start a proxy, refresh a token).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDialect } from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import { formatByTable, judgeByTable, type ReplyTable } from "./_reply_table.ts";

/** Junie's reply contract: no channel on any event. */
export const JUNIE_REPLIES: ReplyTable = {
  host: "Junie",
  events: {},
  read: () => ({}),
};

/** Junie's dialect. */
export const junieDialect: HookDialect = {
  name: "junie",
  parse: parseClaudePayload,
  session: claudeSession,
  format: (event, response) => formatByTable(JUNIE_REPLIES, event, response),
  judge: (event, response, reply) => judgeByTable(JUNIE_REPLIES, event, response, reply),
};
