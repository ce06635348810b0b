import { test } from "node:test";
import assert from "node:assert/strict";
import { payloadFixtures } from "../tests/_helpers/payload_fixtures.ts";
import { hostRunsOwnEntry, resolveHookHost } from "./runtime_detect.ts";
import { REGISTRY } from "./registry.ts";

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

test("each host's documented payloads are recognized as that host's and no other's", async () => {
  // Every registered payload signature (read from the host manifests) against
  // the payload fixtures of every host: only the host's own match. Signatures
  // told by the hook's environment (Continue's) match no payload alone.
  const manifests = REGISTRY.map((e) => e.host);
  const signed = manifests.filter((m) => m.payloadSignature);
  const byPayload = new Set<string>(
    signed.filter((m) => inputs(m.id).some((raw) => m.payloadSignature!(raw, {}))).map((m) => m.id),
  );
  assert.ok(byPayload.size >= 4, [...byPayload].join());
  const samples: Record<string, Record<string, unknown>[]> = { claude, copilot };
  for (const m of signed) if (m.id !== "copilot-cli") samples[m.id] = inputs(m.id);
  for (const [name, list] of Object.entries(samples)) {
    const owner = name === "copilot" ? "copilot-cli" : byPayload.has(name) ? name : "";
    for (const raw of list) {
      for (const m of signed) {
        assert.equal(m.payloadSignature!(raw, {}), m.id === owner, `${name} payload vs ${m.id}`);
      }
    }
  }
  assert.ok(cursor.length && vscode.length && jetbrains.length, "fixtures for each");
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
