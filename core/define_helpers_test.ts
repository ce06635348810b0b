import { test } from "node:test";
import assert from "node:assert/strict";
import {
  defineAction,
  defineCommand,
  defineConfigPatch,
  defineHook,
  defineMemory,
  defineNativeHook,
  defineSkill,
  defineStatusline,
  defineSubagent,
} from "./define_helpers.ts";
import { defineConnector } from "./define_connector.ts";
import type { PreToolUseEvent } from "./types.ts";

test("each define helper returns its definition unchanged", () => {
  const defs = [
    [defineStatusline, { render: () => "x" }],
    [defineAction, { id: "a", run: () => {} }],
    [defineCommand, { name: "c", prompt: "p" }],
    [defineSkill, { name: "s", description: "d", body: "b" }],
    [defineSubagent, { name: "a", description: "d", prompt: "p" }],
    [defineMemory, { content: "m" }],
    [defineConfigPatch, { key: "env.X", value: 1, reason: "r" }],
    [defineNativeHook, { handler: () => undefined }],
  ] as const;
  for (const [helper, def] of defs) {
    assert.equal((helper as (d: unknown) => unknown)(def), def);
  }
});

test("defineHook narrows the payload to its event and plugs into defineConnector", () => {
  const seen: string[] = [];
  const hook = defineHook("PreToolUse", {
    handler(evt) {
      const typed: PreToolUseEvent = evt;
      seen.push(typed.toolName);
      return { decision: "deny", reason: "no" };
    },
  });
  const c = defineConnector({
    id: "t",
    hooks: { PreToolUse: hook },
    memory: [defineMemory({ content: "m" })],
    platforms: {
      "claude-code": {
        configPatch: [defineConfigPatch({ key: "env.X", value: "1", reason: "r" })],
        nativeHooks: { TaskCompleted: defineNativeHook({ handler: () => undefined }) },
      },
    },
  });
  assert.deepEqual(c.hookEvents, ["PreToolUse"]);
  const reply = c.hooks.PreToolUse?.handler({
    hostPlatform: "codex",
    connectorId: "t",
    sessionId: "",
    raw: {},
    toolName: "acme_write",
    toolInput: {},
  });
  assert.deepEqual(reply, { decision: "deny", reason: "no" });
  assert.deepEqual(seen, ["acme_write"]);
});
