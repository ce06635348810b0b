import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendHookRow } from "./hook_row.ts";
import { openNdjsonStore } from "./store_ndjson.ts";
import { writeTestRecord } from "../tests/_helpers/connector_record.ts";

let root: string;
beforeEach(() => void (root = mkdtempSync(join(tmpdir(), "ac-hookrow-"))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

const now = new Date("2026-11-01T10:00:00.000Z");

test("a dispatch appends one hook row with the heuristic tokens of the injected text", () => {
  const row = appendHookRow({
    dataRoot: root,
    env: {},
    connectorId: "acme",
    hostPlatform: "claude-code",
    event: "PreToolUse",
    sessionId: "sess",
    projectDir: root,
    injectedText: "x".repeat(40),
    now,
  });
  assert.ok(row);
  const rows = [...openNdjsonStore(join(root, "telemetry")).rows()];
  assert.deepEqual(rows, [row]);
  assert.deepEqual(
    [row.scope, row.surfaceKind, row.toolName, row.outputTokens, row.confidenceSource],
    ["hook", "hook", "PreToolUse", 10, "heuristic"],
  );
  assert.match(row.projectKey, /^path:/);
});

test("the session falls back to AGENT_CONNECTOR_SESSION, then a new id", () => {
  const a = appendHookRow({
    dataRoot: root,
    env: { AGENT_CONNECTOR_SESSION: "env-session" },
    connectorId: "acme",
    hostPlatform: "codex",
    event: "Stop",
    now,
  });
  assert.equal(a?.sessionId, "env-session");
  const b = appendHookRow({
    dataRoot: root,
    env: {},
    connectorId: "acme",
    hostPlatform: "",
    event: "Stop",
    now,
  });
  assert.match(b!.sessionId, /^[0-9a-f-]{36}$/);
  assert.equal(b!.hostPlatform, "unknown");
});

test("nothing is written when telemetry is off", () => {
  writeTestRecord(root, "off", { enabled: false });
  const input = { dataRoot: root, connectorId: "off", hostPlatform: "x", event: "Stop", now };
  assert.equal(appendHookRow({ ...input, env: {} }), undefined);
  assert.equal(
    appendHookRow({ ...input, connectorId: "on", env: { AGENT_CONNECTOR_TELEMETRY: "0" } }),
    undefined,
  );
  assert.equal(existsSync(join(root, "telemetry")), false);
});

test("an unwritable data root fails open", () => {
  const row = appendHookRow({
    dataRoot: "/dev/null/not-a-dir",
    env: {},
    connectorId: "acme",
    hostPlatform: "x",
    event: "Stop",
    now,
  });
  assert.equal(row, undefined);
});
