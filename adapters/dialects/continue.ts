/**
 * Continue CLI (`cn`) hook files speak Claude Code's protocol on purpose
 * (continuedev/continue `extensions/cli/src/hooks/types.ts`: "these types
 * match the exact schemas from Claude Code"): snake_case stdin with
 * `session_id`, `cwd`, `hook_event_name`; replies as `decision:"block"` or
 * `hookSpecificOutput`. So the payload side is Claude's parser and the reply
 * side the Claude family with Continue's own contract, read from
 * `hooks/hookRunner.ts` (how replies are aggregated) and `hooks/fireHook.ts`
 * (which events fire):
 *
 * - fired: SessionStart, SessionEnd, UserPromptSubmit, PreToolUse,
 *   PostToolUse, PostToolUseFailure, Stop, Notification, PreCompact — never
 *   PermissionRequest, SubagentStart/Stop or PostCompact;
 * - PreToolUse honors `permissionDecision` (allow/deny/ask) and
 *   `updatedInput`; `additionalContext` is collected on every event;
 * - `decision:"block"` (or exit 2) blocks any event;
 * - PostToolUse rewrites only MCP output (`updatedMCPToolOutput`), so our
 *   `updatedToolOutput` is not written.
 *
 * cn never fires these hooks (continuedev/continue@d0a3c0b: the `fire*`
 * functions have no caller), so install writes none (adapters/continue
 * `unfired`); this dialect answers an entry a user wrote by hand, in
 * case a cn release wires them.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDialect } from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import {
  CLAUDE_CONTRACT,
  type FamilyOptions,
  formatFamilyReply,
  judgeFamilyReply,
} from "./claude_family.ts";

/** Continue's reply options. */
export const CONTINUE_FAMILY: FamilyOptions = {
  host: "Continue",
  contract: {
    ...CLAUDE_CONTRACT,
    PostToolUse: { deny: "block", context: true },
    Notification: { context: true },
  },
};

/** Continue CLI's dialect. */
export const continueDialect: HookDialect = {
  name: "continue",
  parse: parseClaudePayload,
  session: claudeSession,
  format: (event, response) => formatFamilyReply(CONTINUE_FAMILY, event, response),
  judge: (event, response, reply) => judgeFamilyReply(CONTINUE_FAMILY, event, response, reply),
};
