/**
 * Qwen Code's hook wire format: the Claude protocol with Claude's event
 * names (QwenLM/qwen-code docs/users/features/hooks.md). Payloads are
 * snake_case like Claude's; replies differ in three places:
 * - PreToolUse requires `permissionDecisionReason` with every decision, so a
 *   default reason is written when the handler gave none;
 * - PostToolUse takes `decision` + `reason` and `additionalContext`, but no
 *   `updatedToolOutput` (the output cannot be replaced);
 * - PreCompact takes `additionalContext` and no decision.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDialect } from "../dialect.ts";
import { claudeDialect, claudeSession, parseClaudePayload } from "./claude.ts";
import {
  CLAUDE_CONTRACT,
  type FamilyContract,
  type FamilyOptions,
  formatFamilyReply,
  judgeFamilyReply,
} from "./claude_family.ts";

/** What each event honors on Qwen Code. */
export const QWEN_CONTRACT: FamilyContract = {
  ...CLAUDE_CONTRACT,
  PostToolUse: { deny: "block", context: true },
  PreCompact: { context: true },
};

const QWEN: FamilyOptions = {
  host: "Qwen Code",
  contract: QWEN_CONTRACT,
  defaultReason: "Decided by an agent-connector hook",
};

/**
 * Qwen Code's status-line stdin (docs/users/features/status-line.md "JSON
 * input"): Claude's fields, where `context_window.current_usage` is the
 * size of the context now (`total_input_tokens` sums every request of the
 * session), so it is the used-token count.
 */
function qwenStatusline(raw: Record<string, unknown>): ReturnType<
  NonNullable<HookDialect["statusline"]>
> {
  const base = claudeDialect.statusline!(raw);
  const window = raw.context_window as Record<string, unknown> | undefined;
  const current = window?.current_usage;
  if (typeof current !== "number" || !base.context) return base;
  return { ...base, context: { ...base.context, usedTokens: current } };
}

/** Qwen Code's dialect. */
export const qwenDialect: HookDialect = {
  name: "qwen",
  parse: parseClaudePayload,
  session: claudeSession,
  format: (event, response) => formatFamilyReply(QWEN, event, response),
  judge: (event, response, reply) => judgeFamilyReply(QWEN, event, response, reply),
  statusline: qwenStatusline,
};
