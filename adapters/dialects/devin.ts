/**
 * Devin CLI's hook wire format (docs.devin.ai/cli/extensibility/hooks:
 * "compatible with Claude Code hooks"; spec §6). The stdin object is Claude
 * Code's (`session_id`, `cwd`, `tool_name`, `tool_input`, `prompt`, …), so
 * Claude's reader parses it. The reply is the simple top-level shape: exit 2,
 * or `{"decision": "block", reason}` on stdout, blocks; PermissionRequest
 * takes `approve` or `deny`. No field for added context, an input rewrite or
 * an ask is documented, so those are reported as dropped.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDialect } from "../dialect.ts";
import { str } from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import { type ReplyTable, tableDialect } from "./_reply_table.ts";

const block = (reason: string | undefined) => ({
  decision: "block",
  ...(reason ? { reason } : {}),
});

/** Devin CLI's reply contract. */
export const DEVIN_REPLIES: ReplyTable = {
  host: "Devin",
  events: {
    PreToolUse: { deny: block },
    PostToolUse: { deny: block },
    UserPromptSubmit: { deny: block },
    Stop: { deny: block },
    PermissionRequest: {
      deny: (reason) => ({ decision: "deny", ...(reason ? { reason } : {}) }),
      grant: () => ({ decision: "approve" }),
    },
  },
  read(_event, json) {
    const decision = str(json.decision);
    return {
      decision: decision === "block" || decision === "deny"
        ? "deny"
        : decision === "approve"
        ? "allow"
        : undefined,
    };
  },
};

/** Devin CLI's dialect. */
export const devinDialect: HookDialect = {
  name: "devin",
  parse: parseClaudePayload,
  session: claudeSession,
  ...tableDialect(DEVIN_REPLIES),
};
