import { test } from "node:test";
import assert from "node:assert/strict";
import { define, rejects } from "../tests/_helpers/config_error.ts";

const handler = () => {};

test("every hook handler must be a function", () => {
  rejects(
    { id: "t", hooks: { PreToolUse: { handler: "deny" } } },
    'hooks.PreToolUse.handler: must be a function, got "deny"',
  );
  rejects(
    { id: "t", hooks: { Stop: {} } },
    "hooks.Stop.handler: must be a function, got undefined",
  );
  rejects({ id: "t", hooks: { Stop: handler } }, "hooks.Stop: must be an object, got a function");
});

test("a hook matcher is a string that compiles as a regular expression", () => {
  rejects(
    { id: "t", hooks: { PreToolUse: { matcher: 3, handler } } },
    "hooks.PreToolUse.matcher: must be a string, got 3",
  );
  rejects(
    { id: "t", hooks: { PreToolUse: { matcher: "acme_(write", handler } } },
    'hooks.PreToolUse.matcher: "acme_(write" is not a valid regular expression',
  );
});

test("a hooks key outside the 13 normalized events points at nativeHooks", () => {
  rejects(
    { id: "t", hooks: { TaskCompleted: { handler } } },
    'hooks: "TaskCompleted" is not a normalized hook event (one of SessionStart, SessionEnd, UserPromptSubmit, PreToolUse, PostToolUse, PreCompact, Stop, Notification, PermissionRequest, PostToolUseFailure, SubagentStart, SubagentStop, PostCompact) — declare host-only events under platforms.<id>.nativeHooks',
  );
});

test("hookEvents lists the declared events in the spec's order", () => {
  const c = define({
    id: "t",
    hooks: {
      PostCompact: { handler },
      Stop: { handler },
      SessionStart: { handler },
      PreToolUse: undefined,
    },
  });
  assert.deepEqual(c.hookEvents, ["SessionStart", "Stop", "PostCompact"]);
  assert.deepEqual(Object.keys(c.hooks).sort(), ["PostCompact", "SessionStart", "Stop"]);
});

test("platform hooks are false or a validated hooks map", () => {
  const c = define({
    id: "t",
    hooks: { Stop: { handler } },
    platforms: { warp: { hooks: false }, codex: { hooks: { Stop: { handler } } } },
  });
  assert.equal(c.platforms.warp?.hooks, false);
  rejects(
    {
      id: "t",
      hooks: { Stop: { handler } },
      platforms: { codex: { hooks: { Stop: { handler: 1 } } } },
    },
    "platforms.codex.hooks.Stop.handler: must be a function, got 1",
  );
});

test("a nativeHooks key colliding with a normalized event is rejected", () => {
  rejects(
    { id: "t", platforms: { "claude-code": { nativeHooks: { PreToolUse: { handler } } } } },
    'platforms.claude-code.nativeHooks: "PreToolUse" is a normalized hook event — declare it under hooks.PreToolUse (normalized payloads, matcher evaluation and reply mapping) instead of nativeHooks',
  );
});

test("native hook handlers are functions and matchers are strings", () => {
  rejects(
    {
      id: "t",
      platforms: { "claude-code": { nativeHooks: { TaskCompleted: { handler: null } } } },
    },
    "platforms.claude-code.nativeHooks.TaskCompleted.handler: must be a function, got null",
  );
  rejects(
    {
      id: "t",
      platforms: { "claude-code": { nativeHooks: { TaskCompleted: { handler, matcher: [] } } } },
    },
    "platforms.claude-code.nativeHooks.TaskCompleted.matcher: must be a string, got an array",
  );
  // Native matchers are the host's syntax, written verbatim: no regex check.
  const c = define({
    id: "t",
    platforms: { "claude-code": { nativeHooks: { FileChanged: { handler, matcher: "*.ts(" } } } },
  });
  assert.equal(c.platforms["claude-code"]?.nativeHooks?.FileChanged.matcher, "*.ts(");
});
