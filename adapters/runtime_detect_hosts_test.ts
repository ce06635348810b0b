import { test } from "node:test";
import assert from "node:assert/strict";
import { payloadFixtures } from "../tests/_helpers/payload_fixtures.ts";
import { hostRunsOwnEntry, resolveHookHost } from "./runtime_detect.ts";
import { isCursorPayload } from "./cursor/host.ts";
import { isVsCodePayload } from "./vscode_copilot/host.ts";
import { isCopilotCliPayload } from "./copilot_cli/host.ts";
import { isJetBrainsCopilotPayload } from "./jetbrains_copilot/host.ts";

const inputs = (host: string) => Object.values(payloadFixtures(host)).map((f) => f.input);
const claude = inputs("claude-code").filter((i) => i.hook_event_name !== undefined);
const cursor = inputs("cursor");
const vscodeFx = Object.values(payloadFixtures("vscode-copilot"));
/** VS Code before 2026-02-25: camelCase common fields (vscode-docs hooks-reference.md). */
const vscodeCamel = vscodeFx.filter((f) => !f.file.endsWith(".source")).map((f) => f.input);
/** VS Code now: snake_case common fields (vscode-copilot-chat@31acd00 chatHookService.ts). */
const vscodeSnake = vscodeFx.filter((f) => f.file.endsWith(".source")).map((f) => f.input);
const vscode = [...vscodeCamel, ...vscodeSnake];
type Observed = { input_vscode_compatible: Record<string, unknown> };
/** The VS Code-compatible shape Copilot CLI sends for PascalCase events. */
const copilotSnake = ["preToolUse.observed", "sessionStart.measured"].map((f) =>
  (payloadFixtures("copilot-cli")[f] as unknown as Observed).input_vscode_compatible
);
const copilot = inputs("copilot-cli");
const jetbrains = inputs("jetbrains-copilot");
/** What Copilot CLI 1.0.102's hook runner put in a hook's environment (measured). */
const copilotHookEnv = (payloadFixtures("copilot-cli")["sessionStart.measured"] as unknown as {
  hook_env: Record<string, string>;
}).hook_env;

test("each host's payloads are recognized as that host's and no other's", () => {
  const tests = {
    cursor: isCursorPayload,
    vscode: isVsCodePayload,
    copilot: isCopilotCliPayload,
    jetbrains: isJetBrainsCopilotPayload,
  };
  const samples = { cursor, vscode: vscodeCamel, copilot, jetbrains, claude };
  for (const [name, list] of Object.entries(samples)) {
    for (const raw of list) {
      for (const [shape, recognizes] of Object.entries(tests)) {
        assert.equal(recognizes(raw), shape === name, `${name} payload vs ${shape}`);
      }
    }
  }
  assert.ok(cursor.length && vscode.length && jetbrains.length, "fixtures for each");
  // VS Code's current shape is the one Copilot CLI sends for PascalCase
  // events: by shape alone it is both hosts', and neither Claude's nor Cursor's.
  for (const raw of [...vscodeSnake, ...copilotSnake]) {
    assert.equal(isVsCodePayload(raw), true);
    assert.equal(isCopilotCliPayload(raw), true);
    assert.equal(isCursorPayload(raw), false);
    assert.equal(isJetBrainsCopilotPayload(raw), false);
  }
});

test("a payload from another host that reads this host's file is attributed to that host", async () => {
  const env = {};
  for (const raw of vscode) {
    assert.deepEqual(await resolveHookHost("claude-code", raw, env), {
      platform: "vscode-copilot",
      via: "payload",
    });
  }
  for (const raw of copilotSnake) {
    assert.deepEqual(await resolveHookHost("claude-code", raw, copilotHookEnv), {
      platform: "copilot-cli",
      via: "payload",
    });
    assert.deepEqual(await resolveHookHost("vscode-copilot", raw, copilotHookEnv), {
      platform: "copilot-cli",
      via: "payload",
    });
  }
  assert.deepEqual(await resolveHookHost("claude-code", cursor[0], env), {
    platform: "cursor",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("copilot-cli", jetbrains[0], env), {
    platform: "jetbrains-copilot",
    via: "payload",
  });
  assert.deepEqual(await resolveHookHost("jetbrains-copilot", copilot[0], env), {
    platform: "copilot-cli",
    via: "payload",
  });
});

test("VS Code's current payload on `hook vscode-copilot` stays VS Code's, in any terminal", async () => {
  // VS Code's extension host may itself run under a terminal of any host.
  const ambient = { COPILOT_CLI: "1", VSCODE_PID: "4242", CLAUDE_PROJECT_DIR: "/p" };
  for (const raw of vscodeSnake) {
    for (const env of [{}, ambient]) {
      assert.deepEqual(await resolveHookHost("vscode-copilot", raw, env), {
        platform: "vscode-copilot",
        via: "argv",
      });
    }
  }
});

test("VS Code running Copilot CLI's or JetBrains' lowerCamel file is told by its snake_case payload", async () => {
  // VS Code maps lowerCamel names onto its own events and sends its own
  // payload (microsoft/vscode hookCompatibility.ts parseCopilotHooks).
  for (const host of ["copilot-cli", "jetbrains-copilot"] as const) {
    for (const raw of vscode.filter((r) => r.hook_event_name !== undefined)) {
      assert.deepEqual(await resolveHookHost(host, raw, {}), {
        platform: "vscode-copilot",
        via: "payload",
      });
    }
  }
});

test("a host's own payload on its own entry stays with that host", async () => {
  for (
    const [host, list, env] of [
      ["claude-code", claude, {}],
      ["cursor", cursor, {}],
      ["vscode-copilot", vscode, {}],
      ["copilot-cli", copilot, copilotHookEnv],
      ["jetbrains-copilot", jetbrains, {}],
    ] as const
  ) {
    for (const raw of list) {
      assert.deepEqual(await resolveHookHost(host, raw, env), { platform: host, via: "argv" });
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
