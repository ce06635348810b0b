/**
 * For every registered host with `tests/fixtures/hosts/<id>/decisions.json`
 * (which decision each fired event honors, in the order of `decisions`):
 * every decision × event cell through `simulate`, and one cell per event
 * through the real entrypoint process, which must write exactly the reply
 * `simulate` computed. The file must list exactly the events the host fires.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { HookEventName } from "../core/hook_types.ts";
import type { HostId } from "../core/platform_types.ts";
import { simulate } from "../sdk/test.ts";
import { loadAdapter, REGISTRY } from "../adapters/registry.ts";
import { importConnector } from "../runtime/connector_module.ts";
import { payloadFor } from "./_helpers/payloads.ts";
import { cliArgv, pool, registerFixture, REPO, runProcess } from "./_helpers/runtime.ts";

const MODULE = join(REPO, "tests", "fixtures", "connectors", "decisions.mjs");
const connector = await importConnector(MODULE);
const root = registerFixture("decisions-hosts", MODULE);
after(() => rmSync(root, { recursive: true, force: true }));

const DECISIONS = ["void", "allow", "deny", "ask", "modify", "context"] as const;
type D = typeof DECISIONS[number];

const HONORED: Record<string, Partial<Record<HookEventName, number[]>>> = {};
for (const { id } of REGISTRY) {
  const file = join(REPO, "tests", "fixtures", "hosts", id, "decisions.json");
  if (!existsSync(file)) continue;
  const table = JSON.parse(readFileSync(file, "utf8"));
  assert.deepEqual(table.decisions, DECISIONS, file);
  HONORED[id] = table.honored;
}

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
  assert.ok(Object.keys(HONORED).length >= 3, Object.keys(HONORED).join());
  for (const [host, events] of Object.entries(HONORED)) {
    const adapter = (await loadAdapter(host))!;
    const fired = Object.keys(adapter.hooks!.events).sort();
    assert.deepEqual(Object.keys(events).sort(), fired, host);
  }
});

test("simulate judges every decision on every event of each host with a table", async () => {
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
      runProcess(cliArgv("hook", host, event, "--connector", "decisions-hosts"), {
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
