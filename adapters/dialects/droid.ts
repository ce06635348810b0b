/**
 * Droid's (Factory) hook wire format: Claude's protocol for the nine events
 * Droid fires. Read from Droid 0.225.2's own reply parser: it keeps
 * `continue`, `stopReason`, `suppressOutput`, `systemMessage`, top-level
 * `decision` (`block`|`approve`) + `reason`, and from `hookSpecificOutput`
 * only `permissionDecision` (`allow`|`deny`|`ask`),
 * `permissionDecisionReason`, `additionalContext` and `updatedInput`. So a
 * tool's output cannot be replaced (no `updatedToolOutput`), and the rest
 * is Claude's contract. PreToolUse deny measured honoured in the lab
 * (notes/recipes/real-hosts.md). Payloads are Claude's snake_case; hook
 * processes also get `FACTORY_PROJECT_DIR`, `DROID_PROJECT_DIR` and
 * `CLAUDE_PROJECT_DIR`.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDialect } from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import {
  CLAUDE_CONTRACT,
  type FamilyContract,
  type FamilyOptions,
  formatFamilyReply,
  judgeFamilyReply,
} from "./claude_family.ts";

/** What each event honors on Droid: Claude's, without output rewrites. */
export const DROID_CONTRACT: FamilyContract = {
  ...CLAUDE_CONTRACT,
  PostToolUse: { deny: "block", context: true },
};

const DROID: FamilyOptions = { host: "Droid", contract: DROID_CONTRACT };

/** Droid's dialect. */
export const droidDialect: HookDialect = {
  name: "droid",
  parse: parseClaudePayload,
  session: claudeSession,
  format: (event, response) => formatFamilyReply(DROID, event, response),
  judge: (event, response, reply) => judgeFamilyReply(DROID, event, response, reply),
};
