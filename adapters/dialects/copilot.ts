/**
 * The GitHub Copilot hook wire format, spoken by Copilot CLI and by the
 * Copilot agent inside JetBrains IDEs (github/docs
 * content/copilot/reference/hooks-reference.md; HOSTS.md §7c, trap 9;
 * examples in tests/fixtures/payloads/{copilot-cli,jetbrains-copilot}/).
 *
 * Stdin casing follows the casing of the registered event name: lowerCamel
 * events (what we register) send camelCase fields — `sessionId`, numeric
 * millisecond `timestamp`, `toolName`, `toolArgs` (often a JSON string,
 * Hypabolic/Hypa#52) — and PascalCase events (Claude's and VS Code's files,
 * which Copilot CLI also reads) send the VS Code-compatible snake_case shape
 * with an ISO `timestamp`. Both are parsed. Replies are flat for both
 * casings: `permissionDecision` / `permissionDecisionReason` /
 * `modifiedArgs` before a tool, `additionalContext`, `modifiedResult`,
 * `decision:"block"` + `reason` on agentStop / subagentStop, and
 * `behavior` / `message` on permissionRequest. Command hooks'
 * userPromptSubmitted output is dropped by the CLI.
 *
 * JetBrains runs the same hook files but its agent acts only on a top-level
 * `permissionDecision: "deny"` from preToolUse (microsoft/copilot-intellij-feedback#1819),
 * so {@link jetbrainsCopilotDialect} formats nothing else.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { bool, type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { textOf, toolInputOf } from "./_fields.ts";
import { type ReadBack, type ReplyTable, tableDialect } from "./_reply_table.ts";

/** Reads one field in either casing (`sessionId` / `session_id`). */
function field(raw: Record<string, unknown>, camel: string, snake: string): unknown {
  return raw[camel] !== undefined ? raw[camel] : raw[snake];
}

function session(raw: Record<string, unknown>) {
  return {
    sessionId: str(field(raw, "sessionId", "session_id")) ?? "",
    projectDir: str(raw.cwd),
  };
}

/** Reads a Copilot stdin object (either casing) for `event`. */
export function parseCopilotPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const tool = () => ({
    toolName: str(field(raw, "toolName", "tool_name")) ?? "",
    toolInput: toolInputOf(field(raw, "toolArgs", "tool_input")),
  });
  const agentType = () =>
    str(field(raw, "agentType", "agent_type")) ?? str(field(raw, "agentName", "agent_name"));
  switch (event) {
    case "SessionStart":
      return { ...base, source: str(raw.source) === "resume" ? "resume" : "startup" };
    case "SessionEnd":
      return { ...base, reason: str(raw.reason) };
    case "UserPromptSubmit":
      return { ...base, prompt: str(raw.prompt) ?? "" };
    case "PreToolUse":
    case "PermissionRequest":
      return { ...base, ...tool() };
    case "PostToolUse": {
      const result = obj(field(raw, "toolResult", "tool_result"));
      const kind = str(field(result ?? {}, "resultType", "result_type"));
      return {
        ...base,
        ...tool(),
        toolOutput: textOf(field(result ?? {}, "textResultForLlm", "text_result_for_llm")),
        isError: kind === undefined ? undefined : kind !== "success",
      };
    }
    case "PostToolUseFailure":
      return { ...base, ...tool(), error: textOf(raw.error) ?? "" };
    case "PreCompact":
    case "PostCompact":
      return { ...base, trigger: str(raw.trigger) };
    case "Stop":
      return { ...base, stopHookActive: bool(raw.stop_hook_active) };
    case "Notification":
      return { ...base, message: str(raw.message) ?? "" };
    case "SubagentStart":
      return { ...base, agentId: str(field(raw, "agentId", "agent_id")), agentType: agentType() };
    case "SubagentStop":
      return {
        ...base,
        agentId: str(field(raw, "agentId", "agent_id")),
        agentType: agentType(),
        agentTranscriptPath: str(field(raw, "transcriptPath", "transcript_path")),
        lastAssistantMessage: str(raw.response) ?? str(raw.last_assistant_message),
        stopHookActive: bool(raw.stop_hook_active),
      };
  }
}

const context = (t: string) => ({ additionalContext: t });
const block = (reason: string | undefined) => ({
  decision: "block",
  reason: reason ?? "Continue: a hook asked the agent not to stop yet.",
});
const decide = (decision: "deny" | "ask") => (reason: string | undefined) =>
  reason ? { permissionDecision: decision, permissionDecisionReason: reason } : {
    permissionDecision: decision,
  };

function readFlat(event: HookEventName, json: Record<string, unknown>): ReadBack {
  const out: ReadBack = {};
  const permission = str(json.permissionDecision);
  if (permission === "deny" || permission === "ask" || permission === "allow") {
    out.decision = permission;
  }
  const behavior = str(json.behavior);
  if (event === "PermissionRequest" && (behavior === "allow" || behavior === "deny")) {
    out.decision = behavior;
  }
  if ((event === "Stop" || event === "SubagentStop") && json.decision === "block") {
    out.decision = "deny";
  }
  if (json.modifiedArgs !== undefined) out.updatedInput = json.modifiedArgs;
  const result = obj(json.modifiedResult);
  if (result?.resultType === "success") out.updatedOutput = result.textResultForLlm;
  out.context = str(json.additionalContext);
  return out;
}

/** Copilot CLI's reply contract per event (hooks-reference.md "decision control"). */
export const COPILOT_CLI_REPLIES: ReplyTable = {
  host: "Copilot CLI",
  events: {
    SessionStart: { context },
    PreToolUse: {
      deny: decide("deny"),
      ask: decide("ask"),
      modifyInput: (input, reason) => ({
        permissionDecision: "allow",
        ...(reason ? { permissionDecisionReason: reason } : {}),
        modifiedArgs: input,
      }),
    },
    PostToolUse: {
      denyAsContext: true,
      context,
      modifyOutput: (t) => ({ modifiedResult: { resultType: "success", textResultForLlm: t } }),
    },
    PostToolUseFailure: { denyAsContext: true, context },
    Stop: { deny: block },
    Notification: { context },
    PermissionRequest: {
      grant: () => ({ behavior: "allow" }),
      deny: (reason) => ({
        behavior: "deny",
        ...(reason ? { message: reason } : {}),
        interrupt: false,
      }),
      askByDialog: true,
    },
    SubagentStart: { denyAsContext: true, context },
    SubagentStop: { deny: block },
  },
  read: readFlat,
};

/** JetBrains' reply contract: only a preToolUse deny is acted on (#1819). */
export const JETBRAINS_COPILOT_REPLIES: ReplyTable = {
  host: "JetBrains Copilot",
  events: { PreToolUse: { deny: decide("deny") } },
  read(event, json) {
    const out = readFlat(event, json);
    return event === "PreToolUse" && out.decision === "deny" ? { decision: "deny" } : {};
  },
};

/** Copilot CLI's dialect. */
export const copilotCliDialect: HookDialect = {
  name: "copilot",
  parse: parseCopilotPayload,
  session,
  ...tableDialect(COPILOT_CLI_REPLIES),
};

/** JetBrains Copilot's dialect: Copilot's payloads, a deny-only reply. */
export const jetbrainsCopilotDialect: HookDialect = {
  name: "copilot-jetbrains",
  parse: parseCopilotPayload,
  session,
  ...tableDialect(JETBRAINS_COPILOT_REPLIES),
};
