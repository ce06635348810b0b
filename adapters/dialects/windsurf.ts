/**
 * Windsurf Cascade's hook wire format (HOSTS.md §9c;
 * docs.windsurf.com/windsurf/cascade/hooks). Every hook reads one envelope on
 * stdin — `agent_action_name` (the native event), `trajectory_id` (the
 * session), `execution_id`, `timestamp` and a `tool_info` object whose
 * fields depend on the action (field names cross-checked with
 * CorridorSecurity/hookshot `cascade/types.go`). Replies are exit codes only
 * (exit_code_family.ts): exit 2 on a `pre_*` hook blocks with stderr as the
 * message; nothing else is read back.
 *
 * One normalized event covers several native ones (PreToolUse runs on
 * `pre_run_command`, `pre_read_code`, `pre_write_code` and
 * `pre_mcp_tool_use`), so the tool is named from the action: `run_command`,
 * `read_code`, `write_code`, and `mcp__<server>__<tool>` for MCP tools —
 * Claude's spelling, so one matcher reads the same on both hosts.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, num, obj, type ParsedPayload, str } from "../dialect.ts";
import { textOf, toolInputOf } from "./_fields.ts";
import {
  type ExitCodeFamily,
  formatExitCodeReply,
  judgeExitCodeReply,
} from "./exit_code_family.ts";

/** Windsurf's blocking events (its `pre_*` hooks). */
export const WINDSURF_FAMILY: ExitCodeFamily = {
  host: "Windsurf",
  blocking: new Set<HookEventName>(["PreToolUse", "UserPromptSubmit"]),
  askBlocks: true,
};

/** The tool a `pre_*` / `post_*` action is about, with its input and output. */
export function windsurfTool(
  action: string,
  info: Record<string, unknown>,
): {
  toolName: string;
  toolInput: Record<string, unknown>;
  toolOutput?: string;
  isError?: boolean;
} {
  const kind = action.replace(/^(pre|post)_/, "");
  switch (kind) {
    case "run_command": {
      const exit = num(info.exit_code);
      return {
        toolName: "run_command",
        toolInput: { command_line: str(info.command_line) ?? "", cwd: str(info.cwd) },
        toolOutput: textOf(info.output),
        isError: exit === undefined ? undefined : exit !== 0,
      };
    }
    case "read_code":
      return {
        toolName: "read_code",
        toolInput: { file_path: str(info.file_path) ?? "" },
        toolOutput: textOf(info.content),
      };
    case "write_code":
      return {
        toolName: "write_code",
        toolInput: {
          file_path: str(info.file_path) ?? "",
          edits: Array.isArray(info.edits) ? info.edits : [],
        },
      };
    case "mcp_tool_use":
      return {
        toolName: `mcp__${str(info.mcp_server_name) ?? ""}__${str(info.mcp_tool_name) ?? ""}`,
        toolInput: toolInputOf(info.mcp_tool_arguments),
        toolOutput: textOf(info.mcp_result),
      };
    default:
      return { toolName: kind, toolInput: info };
  }
}

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  const info = obj(raw.tool_info) ?? {};
  return { sessionId: str(raw.trajectory_id) ?? "", projectDir: str(info.cwd) };
}

/** Reads a Windsurf stdin envelope for `event`. */
export function parseWindsurfPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  const info = obj(raw.tool_info) ?? {};
  const action = str(raw.agent_action_name) ?? "";
  switch (event) {
    case "UserPromptSubmit":
      return { ...base, prompt: str(info.user_prompt) ?? "" };
    case "PreToolUse": {
      const { toolName, toolInput } = windsurfTool(action, info);
      return { ...base, toolName, toolInput };
    }
    case "PostToolUse":
      return { ...base, ...windsurfTool(action, info) };
    default:
      return base;
  }
}

/** Windsurf's dialect. */
export const windsurfDialect: HookDialect = {
  name: "windsurf",
  parse: parseWindsurfPayload,
  session,
  format: (event, response) => formatExitCodeReply(WINDSURF_FAMILY, event, response),
  judge: (event, response, reply) => judgeExitCodeReply(WINDSURF_FAMILY, event, response, reply),
};
