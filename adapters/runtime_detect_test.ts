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

test("Continue's CLI running Claude's hook is recognized from the environment it sets", async () => {
  const raw = { session_id: "s", hook_event_name: "PreToolUse", cwd: "/p" };
  assert.deepEqual(await resolveHookHost("claude-code", raw, { CONTINUE_PROJECT_DIR: "/p" }), {
    platform: "continue",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("claude-code", raw, { CLAUDE_PROJECT_DIR: "/p" }), {
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
