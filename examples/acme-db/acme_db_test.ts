import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConnector } from "../../io/load_connector.ts";
import { isResolvedConnector } from "../../core/define_connector.ts";
import type { HookResponse, PreToolUseEvent, SessionStartEvent } from "../../core/types.ts";
import connector from "./agent-connector.config.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const base = {
  hostPlatform: "claude-code" as const,
  connectorId: "acme-db",
  sessionId: "s",
  raw: {},
};

test("the example config is a validated connector with the spec's surfaces", () => {
  assert.equal(isResolvedConnector(connector), true);
  assert.deepEqual(connector.hookEvents, ["SessionStart", "PreToolUse"]);
  assert.equal(connector.server?.wrapForTelemetry, true);
  assert.deepEqual(connector.server?.env, { ACME_DB_DSN: "${env:ACME_DB_DSN}" });
  assert.equal(connector.platforms.warp?.hooks, false);
  assert.equal(connector.targets, "auto");
});

test("loading the example takes its identity from package.json", async () => {
  const loaded = await loadConnector({ projectDir: here });
  assert.deepEqual(
    [loaded.connector.id, loaded.connector.displayName, loaded.connector.version],
    ["acme-db", "acme-db", "1.4.0"],
  );
  assert.equal(loaded.connector.mcp?.mcpName, "io.github.acme/acme-db");
  assert.equal(loaded.modulePath, join(here, "agent-connector.config.mjs"));
});

test("the example's hooks ask before writes and add context at session start", async () => {
  const pre = connector.hooks.PreToolUse!.handler;
  const event = (toolName: string): PreToolUseEvent => ({ ...base, toolName, toolInput: {} });
  assert.deepEqual(await pre(event("acme_write")), {
    decision: "ask",
    reason: "Confirm Acme DB write",
  });
  assert.deepEqual(await pre(event("acme_read")), { decision: "allow" });
  const start: SessionStartEvent = { ...base, source: "startup" };
  const reply = await connector.hooks.SessionStart!.handler(start) as HookResponse;
  assert.equal(reply.additionalContext, "Acme DB schema v12 is loaded.");
});
