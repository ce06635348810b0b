/**
 * The typed `define*` helpers (spec §9.1): each takes one surface definition
 * and returns it unchanged. They exist for type inference and a single import
 * site when a surface lives in its own module; every rule is checked once,
 * by `defineConnector`, when the connector is assembled.
 *
 * @module
 */

import type {
  ActionDef,
  CommandDef,
  ConfigPatchDef,
  MemoryDef,
  SkillDef,
  StatuslineDef,
  SubagentDef,
} from "./connector_types.ts";
import type { HookDefinition, HookEventName, NativeHookDef } from "./hook_types.ts";

/**
 * Declares one normalized hook. The event name only drives type inference:
 * the handler's payload is that event's type, not the union of all events.
 *
 * @param event The normalized event the hook is for.
 * @param def The matcher and handler.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineConnector, defineHook } from "@ken-jo/agent-connector/sdk";
 *
 * const guardWrites = defineHook("PreToolUse", {
 *   matcher: "acme_write",
 *   handler(evt) {
 *     // evt is a PreToolUseEvent: toolName and toolInput are typed.
 *     return { decision: "ask", reason: `Confirm ${evt.toolName}` };
 *   },
 * });
 * export default defineConnector({ id: "acme-db", hooks: { PreToolUse: guardWrites } });
 * ```
 */
export function defineHook<E extends HookEventName>(
  event: E,
  def: HookDefinition<E>,
): HookDefinition<E> {
  void event;
  return def;
}

/**
 * Declares the status line: a `render(ctx)` fallback plus optional per-host
 * renders and options.
 *
 * @param def The status-line definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineStatusline } from "@ken-jo/agent-connector/sdk";
 *
 * export const hud = defineStatusline({
 *   options: { refreshInterval: 5 },
 *   render: (ctx) => `${ctx.model?.displayName ?? "?"} · $${ctx.cost?.totalUsd ?? 0}`,
 * });
 * ```
 */
export function defineStatusline(def: StatuslineDef): StatuslineDef {
  return def;
}

/**
 * Declares a user-triggered action (`agent-connector action <host> <id>`).
 *
 * @param def The action definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineAction } from "@ken-jo/agent-connector/sdk";
 *
 * export const reindex = defineAction({
 *   id: "reindex",
 *   label: "Rebuild the Acme DB index",
 *   confirm: true,
 *   run: () => ({ message: "Index rebuilt." }),
 * });
 * ```
 */
export function defineAction(def: ActionDef): ActionDef {
  return def;
}

/**
 * Declares a slash command, written as each host's native command file.
 *
 * @param def The command definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineCommand } from "@ken-jo/agent-connector/sdk";
 *
 * export const schema = defineCommand({
 *   name: "acme-schema",
 *   description: "Show the Acme DB schema",
 *   prompt: "Call acme_schema and summarize the tables.",
 * });
 * ```
 */
export function defineCommand(def: CommandDef): CommandDef {
  return def;
}

/**
 * Declares an Agent Skill: a folder with SKILL.md and optional resources.
 *
 * @param def The skill definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineSkill } from "@ken-jo/agent-connector/sdk";
 *
 * export const queries = defineSkill({
 *   name: "acme-queries",
 *   description: "Writes safe Acme DB queries. Use when the user asks for data from Acme.",
 *   body: "Prefer read-only queries; ask before any write.",
 *   resources: { "examples.sql": "SELECT 1;" },
 * });
 * ```
 */
export function defineSkill(def: SkillDef): SkillDef {
  return def;
}

/**
 * Declares a named subagent.
 *
 * @param def The subagent definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineSubagent } from "@ken-jo/agent-connector/sdk";
 *
 * export const reviewer = defineSubagent({
 *   name: "acme-reviewer",
 *   description: "Reviews Acme DB migrations before they run.",
 *   prompt: "You review SQL migrations for data loss.",
 *   readonly: true,
 * });
 * ```
 */
export function defineSubagent(def: SubagentDef): SubagentDef {
  return def;
}

/**
 * Declares standing guidance, kept as a managed block in each host's memory
 * file (AGENTS.md, CLAUDE.md, …). At most 16 KiB; keep it terse.
 *
 * @param def The memory definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineMemory } from "@ken-jo/agent-connector/sdk";
 *
 * export const rules = defineMemory({ content: "Use acme_query for reads; never DROP." });
 * ```
 */
export function defineMemory(def: MemoryDef): MemoryDef {
  return def;
}

/**
 * Declares a set-if-absent patch of one host settings key, for use under
 * `platforms.<id>.configPatch`.
 *
 * @param def The patch definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineConfigPatch } from "@ken-jo/agent-connector/sdk";
 *
 * export const teams = defineConfigPatch({
 *   key: "env.CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS",
 *   value: "1",
 *   reason: "Enable experimental agent-teams support required by acme-db",
 * });
 * ```
 */
export function defineConfigPatch(def: ConfigPatchDef): ConfigPatchDef {
  return def;
}

/**
 * Declares a handler for a host event outside the 13 normalized events, for
 * use under `platforms.<id>.nativeHooks`. It receives the host's raw payload
 * and returns the host's native reply.
 *
 * @param def The native hook definition.
 * @returns `def`, unchanged.
 *
 * @example
 * ```ts
 * import { defineNativeHook } from "@ken-jo/agent-connector/sdk";
 *
 * export const onTaskCompleted = defineNativeHook({
 *   handler: (evt) => (evt.sessionId ? undefined : { continue: false, stopReason: "no session" }),
 * });
 * ```
 */
export function defineNativeHook(def: NativeHookDef): NativeHookDef {
  return def;
}
