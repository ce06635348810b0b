/**
 * The hosts whose own plugin or extension command the plugin lab drives
 * (`plugins.lab.ts`): which package format each installs, what the format
 * carries (a surface it leaves out is not checked, with the reason), and the
 * host's own session and log folders, which may name our tool after a run.
 *
 * @module
 */
import type { HostCtx, LabHost } from "./hosts/_types.ts";
import { LAB_CONNECTOR_ID, LAB_TOOL } from "./connector.ts";
import { claudeCode } from "./hosts/claude_code.ts";
import { geminiCli } from "./hosts/gemini_cli.ts";
import { qwenCode } from "./hosts/qwen_code.ts";
import { copilotCli } from "./hosts/copilot_cli.ts";
import { codex } from "./hosts/codex.ts";
import { droid } from "./hosts/droid.ts";

/** The checks of one plugin run (the plugin table's rows). */
export const PLUGIN_CHECKS = [
  "plugin-install",
  "mcp-call",
  "hook-deny",
  "memory",
  "skill",
  "command",
  "plugin-remove",
  "no-trace",
] as const;

/** One check's id. */
export type PluginCheck = typeof PLUGIN_CHECKS[number];

/** One host as the plugin lab runs it. */
export interface PluginHost {
  /** The lab host (its pin, prepare, env and command line). */
  host: LabHost;
  /** The package format its plugin command installs. */
  format: string;
  /** Checks the format cannot pass here, with why. */
  limits?: Partial<Record<PluginCheck, string>>;
  /** Folders below HOME the host writes per session (transcripts, logs, caches). */
  sessions: readonly string[];
  /** The headless command line, when a plugin's names differ from a config install's. */
  argv?(ctx: HostCtx, prompt: string): string[];
  /**
   * The call the hook-deny check asks for (default: our MCP tool with the denied word):
   * a host tool proves the package's hook where the package carries no MCP server.
   */
  denyCall?: { name: string; args: Record<string, unknown> };
  /** Our platform id for `--targets` (default: the lab host's adapter). */
  target?: string;
  /** What the host calls a plugin's command (default: its own name). */
  command?(name: string): string;
}

/** The formats `package` emits or names that no lab host installs, and why. */
export const UNPROVEN_FORMATS: Readonly<Record<string, string>> = {
  "cursor-plugin":
    "no Cursor runs here (not on npm). Cursor documents no plugin-root variable for a plugin's mcp.json or hooks, so a server through `serve` and hooks are not packaged (package warns); skills, commands and rules are",
  "kimi-plugin":
    "not emitted: Kimi's plugin manifest is Beta and no Kimi CLI runs here (`package --format kimi-plugin` says why, with links)",
  "agy-plugin":
    "not emitted: agy is not on npm, so it cannot run here (`package --format agy-plugin` says why, with links)",
  "npm-plugin":
    "not emitted: it must be a published OpenCode/Kilo plugin package (`package --format npm-plugin` says why)",
  "mcp-server-json, mcpb":
    "registry and bundle artifacts, not host plugins: checked against their schemas only",
};

/** What an Agent Plugins package leaves out (package/agent_plugin.ts says why). */
const AGENT_PLUGIN_LIMITS: PluginHost["limits"] = {
  "hook-deny":
    "Codex ignores the hooks of an Agent Plugins package (its com.github.copilot hooks are Copilot CLI's)",
  memory: "agent-plugin has no memory surface",
  command: "agent-plugin carries no commands (no documented command file format)",
};

/** The plugin-lab hosts, in run order. */
export const PLUGIN_HOSTS: readonly PluginHost[] = [
  {
    host: claudeCode,
    format: "claude-plugin",
    // A plugin's MCP tools are `mcp__plugin_<plugin>_<server>__<tool>` and its commands
    // `/<plugin>:<command>` (code.claude.com/docs/en/plugins-reference); measured here.
    argv: (ctx, prompt) => [
      ...claudeCode.argv(ctx, prompt).slice(0, -1),
      `mcp__plugin_${LAB_CONNECTOR_ID}_${LAB_CONNECTOR_ID}__${LAB_TOOL}`,
    ],
    command: (name) => `${LAB_CONNECTOR_ID}:${name}`,
    limits: {
      memory: "claude-plugin has no memory file (Claude Code plugins carry no CLAUDE.md block)",
    },
    sessions: [
      ".claude/projects",
      ".claude/todos",
      ".claude/statsig",
      ".claude/telemetry",
      ".claude/shell-snapshots",
      ".claude/backups",
      ".claude/session-env",
      ".claude.json",
    ],
  },
  {
    host: geminiCli,
    format: "gemini-extension",
    // Gemini CLI drops `trust` from an extension's MCP servers (filterMcpConfig), and
    // headless it offers no tool that would need a confirmation: approve them all.
    argv: (ctx, prompt) => [...geminiCli.argv(ctx, prompt), "--approval-mode", "yolo"],
    // extension_integrity.json: Gemini CLI keeps its integrity record of an extension
    // after `extensions uninstall` removed it (0.61); the host's file, not ours to edit.
    sessions: [
      ".gemini/tmp",
      ".gemini/history",
      ".gemini/projects.json",
      ".gemini/logs",
      ".gemini/extension_integrity.json",
    ],
  },
  {
    host: qwenCode,
    format: "qwen-extension",
    // Qwen Code drops `trust` too and declines an unapproved call headless.
    argv: (ctx, prompt) => {
      const argv = qwenCode.argv(ctx, prompt);
      return [...argv.slice(0, -1), "--approval-mode", "yolo", argv.at(-1)!];
    },
    sessions: [".qwen/tmp", ".qwen/debug", ".qwen/projects", ".qwen/logs"],
  },
  {
    host: copilotCli,
    format: "agent-plugin",
    // Copilot CLI runs the package's com.github.copilot/hooks/hooks.json.
    limits: { memory: AGENT_PLUGIN_LIMITS.memory, command: AGENT_PLUGIN_LIMITS.command },
    sessions: [
      ".copilot/logs",
      ".copilot/session-state",
      ".copilot/history-session-state",
      ".copilot/session-store.db",
      ".copilot/session-store.db-wal",
      ".copilot/session-store.db-shm",
    ],
  },
  {
    host: codex,
    format: "agent-plugin",
    // An Agent Plugins mcp.json has no approval field, and codex exec asks before a
    // plugin's MCP call ("requires approval, but approval policy is never", measured);
    // the config install sets default_tools_approval_mode instead. Approve headless.
    argv: (ctx, prompt) => {
      const argv = codex.argv(ctx, prompt);
      return [...argv.slice(0, 2), "--dangerously-bypass-approvals-and-sandbox", ...argv.slice(2)];
    },
    limits: AGENT_PLUGIN_LIMITS,
    sessions: [
      ".codex/sessions",
      ".codex/log",
      ".codex/logs_1.sqlite",
      ".codex/state_5.sqlite",
      ".codex/history.jsonl",
      ".codex/thread_history_1.sqlite",
      ".codex/thread_history_1.sqlite-wal",
      ".codex/thread_history_1.sqlite-shm",
    ],
  },
  {
    host: droid,
    target: "droid",
    format: "factory-plugin",
    // Its PreToolUse hook runs for every tool: a listing of a folder named after the
    // denied word shows it denies.
    denyCall: { name: "LS", args: { directory_path: "/tmp/forbidden-word" } },
    limits: {
      // Measured with `droid mcp list`: Droid 0.225 expands no plugin-root variable in a
      // plugin's mcp.json, so the package cannot name its launcher (package/factory_plugin.ts).
      "mcp-call":
        "factory-plugin cannot carry a server through serve: Droid 0.225 expands no plugin-root variable in a plugin's mcp.json",
      memory: "factory-plugin has no memory file (Droid plugins carry no AGENTS.md block)",
    },
    sessions: [".factory/logs", ".factory/sessions", ".factory/telemetry", ".factory/cache"],
  },
];
