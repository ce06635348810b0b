/**
 * The Amazon Q Developer CLI's hook replies: the agent-hook format it
 * shares with its successor, the Kiro CLI (../kiro/dialect.ts) — exit 2
 * blocks preToolUse, exit-0 stdout of agentSpawn and userPromptSubmit
 * becomes context (aws/amazon-q-developer-cli `chat/cli/hooks.rs`,
 * `chat/mod.rs`, `conversation.rs`).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import type { HookDialect } from "../dialect.ts";
import type { ExitCodeFamily } from "../dialects/exit_code_family.ts";
import { agentHookDialect } from "../kiro/dialect.ts";

/** Amazon Q's blocking event. */
export const AMAZON_Q_FAMILY: ExitCodeFamily = {
  host: "Amazon Q",
  blocking: new Set<HookEventName>(["PreToolUse"]),
  askBlocks: true,
};

/** The Amazon Q Developer CLI's dialect. */
export const amazonQDialect: HookDialect = agentHookDialect("amazon-q", AMAZON_Q_FAMILY);
