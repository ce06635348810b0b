import { test } from "node:test";
import assert from "node:assert/strict";
import { payloadFixtures } from "../tests/_helpers/payload_fixtures.ts";
import {
  hostRunsOwnEntry,
  isCopilotCliPayload,
  isCursorPayload,
  isJetBrainsCopilotPayload,
  isVsCodePayload,
  resolveHookHost,
} from "./runtime_detect.ts";

const inputs = (host: string) => Object.values(payloadFixtures(host)).map((f) => f.input);
const claude = inputs("claude-code").filter((i) => i.hook_event_name !== undefined);
const cursor = inputs("cursor");
const vscode = inputs("vscode-copilot");
const copilot = [
  ...inputs("copilot-cli"),
  // The VS Code-compatible shape Copilot CLI sends for PascalCase events.
  (payloadFixtures("copilot-cli")["preToolUse.observed"] as unknown as {
    input_vscode_compatible: Record<string, unknown>;
  }).input_vscode_compatible,
];
const jetbrains = inputs("jetbrains-copilot");

test("each host's documented payloads are recognized as that host's and no other's", () => {
  const tests = {
    cursor: isCursorPayload,
    vscode: isVsCodePayload,
    copilot: isCopilotCliPayload,
    jetbrains: isJetBrainsCopilotPayload,
  };
  const samples = { cursor, vscode, copilot, jetbrains, claude };
  for (const [name, list] of Object.entries(samples)) {
    assert.ok(list.length > 0, `${name} has samples`);
    for (const raw of list) {
      for (const [testName, fn] of Object.entries(tests)) {
        assert.equal(fn(raw), testName === name, `${name} payload vs ${testName} test`);
      }
    }
  }
});

test("a payload from another host that reads this host's file is attributed to that host", async () => {
  const env = {};
  assert.deepEqual(await resolveHookHost("claude-code", vscode[0], env), {
    platform: "vscode-copilot",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("claude-code", copilot.at(-1), env), {
    platform: "copilot-cli",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("claude-code", cursor[0], env), {
    platform: "cursor",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("copilot-cli", jetbrains[0], env), {
    platform: "jetbrains-copilot",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("vscode-copilot", copilot.at(-1), env), {
    platform: "copilot-cli",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("jetbrains-copilot", copilot[0], env), {
    platform: "copilot-cli",
    via: "payload",
  });
});

test("a host's own payload on its own entry stays with that host", async () => {
  for (
    const [host, list] of [
      ["claude-code", claude],
      ["cursor", cursor],
      ["vscode-copilot", vscode],
      ["copilot-cli", inputs("copilot-cli")],
      ["jetbrains-copilot", jetbrains],
    ] as const
  ) {
    for (const raw of list) {
      assert.deepEqual(await resolveHookHost(host, raw, {}), { platform: host, via: "argv" });
    }
  }
});

test("a host runs its own entry only where its hook file is read", async () => {
  const all = () => true;
  const userRow = { platform: "vscode-copilot", scope: "user" as const };
  const projRow = { platform: "vscode-copilot", scope: "project" as const, projectDir: "/p" };
  assert.equal(await hostRunsOwnEntry("vscode-copilot", "PreToolUse", [userRow], "/x", all), true);
  assert.equal(
    await hostRunsOwnEntry("vscode-copilot", "PreToolUse", [projRow], "/p/src", all),
    true,
  );
  assert.equal(
    await hostRunsOwnEntry("vscode-copilot", "PreToolUse", [projRow], "/other", all),
    false,
  );
  // VS Code has no SessionEnd: its own file holds no entry for it.
  assert.equal(await hostRunsOwnEntry("vscode-copilot", "SessionEnd", [userRow], "/x", all), false);
  // JetBrains reads no user hook file at all.
  const jbUser = { platform: "jetbrains-copilot", scope: "user" as const };
  assert.equal(
    await hostRunsOwnEntry("jetbrains-copilot", "PreToolUse", [jbUser], "/p", all),
    false,
  );
  // An event the connector does not declare on that host has no own entry.
  assert.equal(
    await hostRunsOwnEntry("vscode-copilot", "PreToolUse", [userRow], "/x", () => false),
    false,
  );
  assert.equal(await hostRunsOwnEntry("vscode-copilot", "PreToolUse", [], "/x", all), false);
});
