import { test } from "node:test";
import assert from "node:assert/strict";
import {
  capabilitiesOf,
  hostsSupporting,
  SURFACE_PREDICATES,
  surfaceSupport,
} from "./introspect.ts";
import { explain, explainHooks } from "./test.ts";
import { resolvedConnector } from "../tests/_helpers/connector.ts";

test("Claude Code's capabilities come from its descriptor: every event and surface", async () => {
  const caps = await capabilitiesOf("claude-code");
  assert.ok(caps);
  assert.equal(caps.preToolUse && caps.postCompact && caps.permissionRequest, true);
  assert.deepEqual(caps.transports, ["stdio", "http", "sse", "ws"]);
  assert.equal(caps.supportsStatusline, true);
  assert.equal(caps.statuslineMode, "command-stdin");
  assert.equal(caps.supportsNativeHooks, true);
  assert.equal(caps.supportsActions, false);
});

test("an unknown or not yet implemented host has no capabilities and supports nothing", async () => {
  assert.equal(await capabilitiesOf("unknown"), undefined);
  assert.equal(await surfaceSupport("unknown", "server"), false);
});

test("hostsSupporting lists registered hosts for a surface", async () => {
  // CodeBuddy, a Claude Code fork, keeps the statusLine setting (codebuddy.ai/docs/cli/settings);
  // Qwen Code has `ui.statusLine` (docs/users/features/status-line.md).
  assert.deepEqual(await hostsSupporting("statusline"), [
    "codebuddy",
    "claude-code",
    "qwen-code",
    "antigravity-cli",
    "grok-build",
  ]);
  assert.deepEqual((await hostsSupporting("actions")).sort(), [
    "droid",
    "hermes",
    "kiro",
    "nemoclaw",
    "omp",
    "openclaw",
    "pi",
    "warp",
    "zed",
  ]);
});

test("Zed's actions are native tasks: supported, with the task invocation and affordance", async () => {
  const caps = await capabilitiesOf("zed");
  assert.equal(caps?.supportsActions, true);
  assert.equal(caps?.actionInvocationMode, "task");
  assert.equal(caps?.actionAffordanceKind, "task");
  const c = resolvedConnector({ actions: [{ id: "go", run: () => undefined }] });
  const rows = (await explain(c)).filter((r) => r.surface === "actions");
  const native = rows.filter((r) => r.support === "native").map((r) => r.host);
  assert.deepEqual(native.sort(), [
    "droid",
    "hermes",
    "kiro",
    "nemoclaw",
    "omp",
    "openclaw",
    "pi",
    "warp",
    "zed",
  ]);
});

test("Hermes's actions are quick commands: run by exec, found as slash commands", async () => {
  const caps = await capabilitiesOf("hermes");
  assert.equal(caps?.supportsActions, true);
  assert.equal(caps?.actionInvocationMode, "exec");
  assert.equal(caps?.actionAffordanceKind, "slash-command");
});

test("Droid's actions are script slash commands; Warp's are workflows it pastes", async () => {
  const droid = await capabilitiesOf("droid");
  assert.deepEqual([droid?.actionInvocationMode, droid?.actionAffordanceKind], [
    "exec-file",
    "slash-command",
  ]);
  const warp = await capabilitiesOf("warp");
  assert.deepEqual([warp?.actionInvocationMode, warp?.actionAffordanceKind], ["paste", "workflow"]);
});

test("Kiro's actions are user-triggered hooks in its Agent Hooks panel", async () => {
  const caps = await capabilitiesOf("kiro");
  assert.equal(caps?.supportsActions, true);
  assert.equal(caps?.actionInvocationMode, "manual-hook");
  assert.equal(caps?.actionAffordanceKind, "hook-panel");
});

test("pi's and OpenClaw's actions are slash commands their generated plugins offer", async () => {
  for (const host of ["pi", "openclaw"] as const) {
    const caps = await capabilitiesOf(host);
    assert.equal(caps?.supportsActions, true);
    assert.equal(caps?.actionInvocationMode, "plugin-command");
    assert.equal(caps?.actionAffordanceKind, "slash-command");
  }
});

test("optional capability flags are read as false when absent", () => {
  const bare = { transports: [] } as unknown as Parameters<typeof SURFACE_PREDICATES.memory>[0];
  for (const predicate of Object.values(SURFACE_PREDICATES)) assert.equal(predicate(bare), false);
});

test("explain has one row per declared surface, disabled when the platform says false", async () => {
  const c = resolvedConnector({
    server: { transport: "stdio", command: "srv" },
    hooks: { Stop: { handler: () => undefined } },
    actions: [{ id: "go", run: () => undefined }],
    platforms: { "claude-code": { hooks: false } },
  });
  const rows = (await explain(c)).filter((r) => r.host === "claude-code");
  assert.deepEqual(rows.map((r) => [r.host, r.surface, r.support]), [
    ["claude-code", "server", "native"],
    ["claude-code", "hooks", "disabled"],
    ["claude-code", "actions", "skip-warn"],
  ]);
  assert.deepEqual((await explainHooks(c)).filter((r) => r.host === "claude-code"), []);
  const honored = await explainHooks(
    resolvedConnector({ hooks: { Stop: { handler: () => undefined } } }),
  );
  assert.deepEqual(
    honored.filter((r) => r.host === "claude-code").map((r) => r.support),
    ["honored"],
  );
  // A host without the event says so instead of dropping it silently.
  assert.deepEqual(
    honored.filter((r) => r.host === "jetbrains-copilot").map((r) => [r.support, r.reason]),
    [["dropped", "JetBrains Copilot has no Stop event"]],
  );
});
