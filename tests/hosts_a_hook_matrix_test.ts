/**
 * Every decision × event cell of Codex, Gemini CLI and Qwen Code through
 * `simulate`, and one cell per event through the real entrypoint process,
 * which must write exactly the reply `simulate` computed.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { HookEventName } from "../core/hook_types.ts";
import type { HostId } from "../core/platform_types.ts";
import { simulate } from "../sdk/test.ts";
import { loadAdapter } from "../adapters/registry.ts";
import { importConnector } from "../runtime/connector_module.ts";
import { payloadFor } from "./_helpers/payloads.ts";
import { cliArgv, pool, registerFixture, REPO, runProcess } from "./_helpers/runtime.ts";

const MODULE = join(REPO, "tests", "fixtures", "connectors", "decisions.mjs");
const connector = await importConnector(MODULE);
const root = registerFixture("decisions-hosts-a", MODULE);
after(() => rmSync(root, { recursive: true, force: true }));

const DECISIONS = ["void", "allow", "deny", "ask", "modify", "context"] as const;
type D = typeof DECISIONS[number];

// honored per fired event, in DECISIONS order. Sources: the module docs of
// adapters/dialects/{codex,gemini,qwen}.ts.
const HONORED: Record<string, Partial<Record<HookEventName, number[]>>> = {
  codex: {
    SessionStart: [1, 1, 0, 0, 0, 1],
    SessionEnd: [1, 1, 0, 0, 0, 0],
    UserPromptSubmit: [1, 1, 1, 0, 0, 1],
    PreToolUse: [1, 1, 1, 0, 1, 1],
    PostToolUse: [1, 1, 1, 0, 0, 1],
    PreCompact: [1, 1, 0, 0, 0, 0],
    Stop: [1, 1, 1, 0, 0, 0],
    PermissionRequest: [1, 1, 1, 1, 0, 0],
    SubagentStart: [1, 1, 0, 0, 0, 1],
    SubagentStop: [1, 1, 1, 0, 0, 0],
    PostCompact: [1, 1, 0, 0, 0, 0],
  },
  "gemini-cli": {
    SessionStart: [1, 1, 0, 0, 0, 1],
    SessionEnd: [1, 1, 0, 0, 0, 0],
    UserPromptSubmit: [1, 1, 1, 0, 0, 1],
    // modify: the fixture's tool_input has a `description` the handler leaves out,
    // and Gemini merges, so it stays.
    PreToolUse: [1, 1, 1, 0, 0, 0],
    PostToolUse: [1, 1, 1, 0, 1, 1],
    PreCompact: [1, 1, 0, 0, 0, 0],
    Stop: [1, 1, 1, 0, 0, 0],
    Notification: [1, 1, 0, 0, 0, 0],
  },
  "qwen-code": {
    SessionStart: [1, 1, 0, 0, 0, 1],
    SessionEnd: [1, 1, 0, 0, 0, 0],
    UserPromptSubmit: [1, 1, 1, 0, 0, 1],
    PreToolUse: [1, 1, 1, 1, 1, 1],
    PostToolUse: [1, 1, 1, 0, 0, 1],
    PreCompact: [1, 1, 0, 0, 0, 1],
    Stop: [1, 1, 1, 0, 0, 1],
    Notification: [1, 1, 0, 0, 0, 0],
    PermissionRequest: [1, 1, 1, 1, 1, 0],
    PostToolUseFailure: [1, 1, 0, 0, 0, 1],
    SubagentStart: [1, 1, 0, 0, 0, 1],
    SubagentStop: [1, 1, 1, 0, 0, 0],
    PostCompact: [1, 1, 0, 0, 0, 0],
  },
};

const cells = Object.entries(HONORED).flatMap(([host, events]) =>
  Object.entries(events).flatMap(([event, bits]) =>
    DECISIONS.map((decision, i) => ({
      host: host as HostId,
      event: event as HookEventName,
      decision,
      honored: bits![i] === 1,
    }))
  )
);

test("the matrix covers exactly the events each host fires", async () => {
  for (const [host, events] of Object.entries(HONORED)) {
    const adapter = (await loadAdapter(host))!;
    const fired = Object.keys(adapter.hooks!.events).sort();
    assert.deepEqual(Object.keys(events).sort(), fired, host);
  }
});

test("simulate judges every decision on every Codex, Gemini and Qwen event", async () => {
  for (const { host, event, decision, honored } of cells) {
    const r = await simulate(connector, {
      surface: "hooks",
      host,
      event,
      input: { ...payloadFor(host, event), test_decision: decision },
    });
    assert.equal(r.honored, honored, `${host} ${event} × ${decision}: ${r.reason}`);
    assert.ok(r.reason.length > 0);
  }
});

/** One cell per event: the strongest decision the event honors. */
function strongest(host: HostId, event: HookEventName): D {
  const bits = HONORED[host][event]!;
  for (const d of ["modify", "deny", "context", "ask"] as const) {
    if (bits[DECISIONS.indexOf(d)] === 1) return d;
  }
  return "allow";
}

test("the real hook process writes exactly the reply simulate computed", async () => {
  const picks = Object.entries(HONORED).flatMap(([host, events]) =>
    Object.keys(events).map((event) => ({
      host: host as HostId,
      event: event as HookEventName,
      decision: strongest(host as HostId, event as HookEventName),
    }))
  );
  const runs = await pool(picks.map(({ host, event, decision }) => async () => {
    const input = { ...payloadFor(host, event), test_decision: decision };
    const [proc, sim] = await Promise.all([
      runProcess(cliArgv("hook", host, event, "--connector", "decisions-hosts-a"), {
        stdin: JSON.stringify(input),
        env: { HOME: root, AGENT_CONNECTOR_DATA_DIR: root },
      }),
      simulate(connector, { surface: "hooks", host, event, input }),
    ]);
    return { host, event, decision, proc, sim };
  }));
  for (const { host, event, decision, proc, sim } of runs) {
    const label = `${host} ${event} × ${decision}`;
    assert.equal(proc.code, 0, label);
    assert.equal(proc.stderr, "", label);
    const expected = sim.hostReply === undefined ? "" : `${JSON.stringify(sim.hostReply)}\n`;
    assert.equal(proc.stdout, expected, label);
    if (decision !== "allow") assert.notEqual(proc.stdout, "", `${label} answers`);
  }
});
