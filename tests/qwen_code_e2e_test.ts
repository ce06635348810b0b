/** Qwen Code end to end: see tests/_helpers/host_e2e.ts. */
import { testHostLifecycle } from "./_helpers/host_e2e.ts";

const context = (event: string, text: string) => ({
  hookSpecificOutput: { hookEventName: event, additionalContext: text },
});

testHostLifecycle({
  host: "qwen-code",
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
    PostToolUse: context("PostToolUse", "checked read_file"),
    PreCompact: context("PreCompact", "keep the acme notes"),
    Stop: { decision: "block", reason: "Run the acme checks first" },
    Notification: undefined,
    PermissionRequest: {
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    },
    PostToolUseFailure: undefined,
    SubagentStart: context("SubagentStart", "stay read-only"),
    SubagentStop: undefined,
    PostCompact: undefined,
  },
  kept: [
    [".qwen/settings.json", /\/\/ Qwen Code settings\n/],
    [".qwen/settings.json", /"command": "prettier --write \\"\$QWEN_PROJECT_DIR\\""/],
    [".qwen/QWEN.md", /^# My Qwen preferences\n\n- Use pnpm\.\n/],
  ],
});
