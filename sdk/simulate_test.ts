import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { importConnector } from "../runtime/connector_module.ts";
import { REPO } from "../tests/_helpers/runtime.ts";
import { simulate } from "./test.ts";

const connector = await importConnector(
  join(REPO, "tests", "fixtures", "connectors", "decisions.mjs"),
);

// A handler whose promise never settles left simulate pending forever (under Deno the
// test process died with "Top-level await promise never resolved").
test("simulate reports a hook handler that never settles instead of waiting forever", async () => {
  const r = await simulate(connector, {
    surface: "hooks",
    host: "claude-code",
    event: "Stop",
    input: { hook_event_name: "Stop", test_decision: "hang" },
    timeoutMs: 50,
  });
  assert.equal(r.honored, false);
  assert.equal(r.hostReply, undefined);
  assert.equal(
    r.reason,
    "the handler did not settle within 50 ms; the host cuts the hook off at its own timeout " +
      "(30 s on VS Code and Copilot), and a promise that never settles ends the hook with " +
      "exit 0, no output",
  );
});

test("simulate reports a status line render that never settles", async () => {
  const r = await simulate(connector, {
    surface: "statusline",
    host: "claude-code",
    input: { test_statusline: "hang" },
    timeoutMs: 50,
  });
  assert.equal(r.honored, false);
  assert.match(r.reason, /^render did not settle within 50 ms/);
});

test("a handler that settles in time is judged as before", async () => {
  const r = await simulate(connector, {
    surface: "hooks",
    host: "claude-code",
    event: "PreToolUse",
    input: { hook_event_name: "PreToolUse", tool_name: "Bash", test_decision: "deny" },
    timeoutMs: 5_000,
  });
  assert.equal(r.honored, true, r.reason);
});
