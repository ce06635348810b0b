/** Codex end to end: see tests/_helpers/host_e2e.ts. */
import { testHostLifecycle } from "./_helpers/host_e2e.ts";

const context = (event: string, text: string) => ({
  hookSpecificOutput: { hookEventName: event, additionalContext: text },
});

testHostLifecycle({
  host: "codex",
  replies: {
    SessionStart: context("SessionStart", "acme ready"),
    SessionEnd: undefined,
    UserPromptSubmit: context("UserPromptSubmit", "prompt has 14 chars"),
    PreToolUse: {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "Use the acme tools",
      },
    },
    PostToolUse: context("PostToolUse", "checked Bash"),
    PreCompact: undefined, // Codex takes no context there
    Stop: { decision: "block", reason: "Run the acme checks first" },
    PermissionRequest: {
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    },
    SubagentStart: context("SubagentStart", "stay read-only"),
    SubagentStop: undefined,
    PostCompact: undefined,
  },
  kept: [
    [".codex/config.toml", /# Codex user config — hand edited, keep my comments!\n/],
    [".codex/config.toml", /approval_policy = "on-request" {3}# ask before running anything risky/],
    [".codex/config.toml", /\[mcp_servers\.context7\.env\]\nLOG_LEVEL = "warn"/],
    [".codex/hooks.json", /"command": "python3 ~\/\.codex\/hooks\/guard\.py"/],
    [
      ".codex/AGENTS.md",
      /^# Global Codex instructions\r\n\r\n- Run the tests after each change\.\r\n/,
    ],
  ],
});
