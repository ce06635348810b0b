/**
 * Codex's hook wire format (HOSTS.md §3c; developers.openai.com/codex/hooks;
 * openai/codex `codex-rs/hooks/schema/generated/*.command.output.schema.json`).
 * Payloads are Claude-shaped snake_case, so {@link parseClaudePayload} reads
 * them. Replies are the Claude shape cut down to what Codex accepts: every
 * output schema has `additionalProperties:false`, so an unknown key makes
 * the hook a failure and the tool runs anyway (HOSTS.md trap 6).
 *
 * What Codex honors, per its hooks reference:
 * - PreToolUse: `permissionDecision:"deny"` + reason; a rewrite is
 *   `permissionDecision:"allow"` + `updatedInput` (replaces the input). A
 *   plain `allow` and `ask` are "parsed but not supported yet" and fail the
 *   hook open, so a plain allow writes nothing and an ask is written as a
 *   deny (the safe side).
 * - PermissionRequest: `decision.behavior` allow/deny (+ `message`);
 *   `updatedInput` there fails closed, so it is never written.
 * - PostToolUse / UserPromptSubmit / Stop / SubagentStop: top-level
 *   `decision:"block"` + non-blank reason; no `updatedToolOutput`.
 * - SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, SubagentStart:
 *   `additionalContext`.
 * - PreCompact, PostCompact, SessionEnd: observe only.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDialect } from "../dialect.ts";
import { claudeSession, parseClaudePayload } from "./claude.ts";
import {
  type FamilyContract,
  type FamilyOptions,
  formatFamilyReply,
  judgeFamilyReply,
} from "./claude_family.ts";

/** What each event honors on Codex (events Codex never fires write nothing). */
export const CODEX_CONTRACT: FamilyContract = {
  SessionStart: { context: true },
  SessionEnd: { context: false },
  UserPromptSubmit: { deny: "block", context: true },
  PreToolUse: { deny: "permission", ask: "deny", modify: "pre-input", context: true },
  PostToolUse: { deny: "block", context: true },
  PreCompact: { context: false },
  Stop: { deny: "block", context: false },
  Notification: { context: false },
  PermissionRequest: { allow: "grant", deny: "grant", ask: "dialog", context: false },
  PostToolUseFailure: { context: false },
  SubagentStart: { deny: "degrade-context", context: true },
  SubagentStop: { deny: "block", context: false },
  PostCompact: { context: false },
};

const CODEX: FamilyOptions = { host: "Codex", contract: CODEX_CONTRACT };

/** Codex's dialect. */
export const codexDialect: HookDialect = {
  name: "codex",
  parse: parseClaudePayload,
  session: claudeSession,
  format: (event, response) => formatFamilyReply(CODEX, event, response),
  judge: (event, response, reply) => judgeFamilyReply(CODEX, event, response, reply),
};
