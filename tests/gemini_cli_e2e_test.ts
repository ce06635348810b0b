/** Gemini CLI end to end: see tests/_helpers/host_e2e.ts. */
import { testHostLifecycle } from "./_helpers/host_e2e.ts";

testHostLifecycle({
  host: "gemini-cli",
  replies: {
    SessionStart: { hookSpecificOutput: { additionalContext: "acme ready" } },
    SessionEnd: undefined,
    UserPromptSubmit: { hookSpecificOutput: { additionalContext: "prompt has 13 chars" } },
    PreToolUse: { decision: "deny", reason: "Use the acme tools" },
    PostToolUse: { hookSpecificOutput: { additionalContext: "checked read_file" } },
    PreCompact: undefined, // advisory only
    Stop: { decision: "deny", reason: "Run the acme checks first" },
    Notification: undefined,
  },
  native: {
    event: "BeforeToolSelection",
    stdin: '{"session_id":"a1b2c3","hook_event_name":"BeforeToolSelection","llm_request":{}}',
    reply: { hookSpecificOutput: { toolConfig: { mode: "AUTO" } } },
  },
  kept: [
    [".gemini/settings.json", /\/\/ Gemini CLI user settings \(JSON with comments\)\n/],
    [".gemini/settings.json", /\/\* my GitHub server \*\/\n\s+"github": \{/],
    [".gemini/settings.json", /"command": "~\/\.gemini\/hooks\/lint\.sh"/],
    [".gemini/GEMINI.md", /^# Gemini notes\n\n- Answer in English\.\n/],
  ],
});
