import { test } from "node:test";
import assert from "node:assert/strict";
import { detectRuntimeHost, resolveHookHost } from "./runtime_detect.ts";

test("the platform id in the command line wins over env markers and overrides", async () => {
  const env = { AGENT_CONNECTOR_HOST: "codex", CLAUDE_PROJECT_DIR: "/p" };
  assert.deepEqual(await resolveHookHost("claude-code", { session_id: "s" }, env), {
    platform: "claude-code",
    via: "argv",
  });
});

test("a VS Code payload arriving on Claude's hook is recognized from its shape", async () => {
  const vscode = { hookEventName: "PreToolUse", sessionId: "x", tool_name: "editFiles" };
  assert.deepEqual(await resolveHookHost("claude-code", vscode, {}), {
    platform: "vscode-copilot",
    via: "payload",
  });
  assert.deepEqual(
    await resolveHookHost("claude-code", { hook_event_name: "PreToolUse", hookEventName: "x" }, {}),
    { platform: "claude-code", via: "argv" },
  );
});

test("without a command-line platform: AGENT_CONNECTOR_HOST, then env markers, else unknown", async () => {
  assert.deepEqual(await detectRuntimeHost({ AGENT_CONNECTOR_HOST: "cursor" }), {
    platform: "cursor",
    via: "env-override",
  });
  assert.deepEqual(
    await detectRuntimeHost({ AGENT_CONNECTOR_HOST: "nope", CLAUDE_PROJECT_DIR: "/p" }),
    { platform: "claude-code", via: "env-marker" },
  );
  assert.deepEqual(await detectRuntimeHost({ CODEX_THREAD_ID: "t" }), {
    platform: "codex",
    via: "env-marker",
  });
  assert.deepEqual(await resolveHookHost(undefined, undefined, {}), {
    platform: "unknown",
    via: "none",
  });
});

test("Continue's environment does not take a call on Claude's entry: Continue fires no hooks", async () => {
  // continuedev/continue@d0a3c0b: the CLI's fire* functions (extensions/cli/src/hooks/fireHook.ts)
  // have no caller, so a call with CONTINUE_PROJECT_DIR set comes from some other runner.
  const raw = { session_id: "s", hook_event_name: "PreToolUse", cwd: "/p" };
  assert.deepEqual(await resolveHookHost("claude-code", raw, { CONTINUE_PROJECT_DIR: "/p" }), {
    platform: "claude-code",
    via: "argv",
  });
});

test("a Gemini CLI or Qwen Code hook is not taken for Claude Code from the markers they also set", async () => {
  // What each host's hook runner puts in a hook process's environment.
  const claude = { CLAUDE_PROJECT_DIR: "/p" };
  const gemini = {
    GEMINI_PROJECT_DIR: "/p",
    GEMINI_CWD: "/p",
    GEMINI_SESSION_ID: "s",
    CLAUDE_PROJECT_DIR: "/p",
  };
  const qwen = { GEMINI_PROJECT_DIR: "/p", CLAUDE_PROJECT_DIR: "/p", QWEN_PROJECT_DIR: "/p" };
  const detected = async (env: Record<string, string>) =>
    (await resolveHookHost(undefined, undefined, env)).platform;
  assert.equal(await detected(claude), "claude-code");
  assert.equal(await detected(gemini), "gemini-cli");
  assert.equal(await detected(qwen), "qwen-code");
  // The platform id in the command line still wins.
  assert.equal((await resolveHookHost("claude-code", undefined, gemini)).platform, "claude-code");
});

test("a hook of an agent started in another host's terminal is the agent's, not the terminal's", async () => {
  const detected = async (env: Record<string, string>) =>
    (await resolveHookHost(undefined, undefined, env)).platform;
  // What each hook runner sets (hookRunner.ts of Gemini CLI, Qwen Code, Continue's CLI).
  const gemini = { GEMINI_PROJECT_DIR: "/p", GEMINI_SESSION_ID: "s", CLAUDE_PROJECT_DIR: "/p" };
  const qwen = { GEMINI_PROJECT_DIR: "/p", CLAUDE_PROJECT_DIR: "/p", QWEN_PROJECT_DIR: "/p" };
  const cont = { CLAUDE_PROJECT_DIR: "/p", CONTINUE_PROJECT_DIR: "/p" };
  // What a terminal or shell tool of another host leaves in the environment.
  const vscodeTerminal = { VSCODE_PID: "41", TERM_PROGRAM: "vscode" };
  const cursorTerminal = { CURSOR_TRACE_ID: "t", VSCODE_PID: "42" };
  const codexShell = { CODEX_THREAD_ID: "th", CODEX_CI: "1" };
  const opencodeShell = { OPENCODE: "1", OPENCODE_PID: "43", AGENT: "1" };
  assert.equal(await detected({ ...vscodeTerminal, ...gemini }), "gemini-cli");
  assert.equal(await detected({ ...cursorTerminal, ...qwen }), "qwen-code");
  assert.equal(await detected({ ...codexShell, ...gemini }), "gemini-cli");
  assert.equal(await detected({ ...vscodeTerminal, ...cont }), "continue");
  assert.equal(await detected(cont), "continue", "Continue also sets CLAUDE_PROJECT_DIR");
  assert.equal(await detected({ ...opencodeShell, CLAUDE_PROJECT_DIR: "/p" }), "claude-code");
  assert.equal(
    await detected({ ...cursorTerminal, CURSOR_PROJECT_DIR: "/p", ...codexShell }),
    "cursor",
  );
});

test("a host's inherited markers alone still name it, and a fork's do not name its parent", async () => {
  const detected = async (env: Record<string, string>) => (await detectRuntimeHost(env)).platform;
  assert.equal(await detected({ VSCODE_PID: "1" }), "vscode-copilot");
  assert.equal(await detected({ CURSOR_TRACE_ID: "t", VSCODE_PID: "1" }), "cursor");
  assert.equal(await detected({ OPENCODE: "1", OPENCODE_PID: "1" }), "opencode");
  assert.equal(await detected({ GEMINI_CLI: "1" }), "gemini-cli");
  assert.equal(await detected({ QWEN_CODE: "1" }), "qwen-code");
  assert.equal(await detected({ COPILOT_CLI: "1" }), "copilot-cli");
  // Claude Code sometimes runs hooks without CLAUDE_PROJECT_DIR (anthropics/claude-code#33815).
  assert.equal(
    await detected({ CLAUDE_CODE_ENTRYPOINT: "cli", CLAUDECODE: "1", VSCODE_PID: "1" }),
    "claude-code",
  );
  // Kilo sets OPENCODE=1 but KILO_PID: its own, never opencode's parent id; the
  // extension's backend adds KILO_PLATFORM=vscode.
  assert.equal(await detected({ OPENCODE: "1", KILO_PID: "1" }), "kilo-cli");
  assert.equal(
    await detected({ OPENCODE: "1", KILO_PID: "1", KILO_PLATFORM: "vscode" }),
    "kilo",
  );
});
