import { test } from "node:test";
import assert from "node:assert/strict";
import type { ServerDef } from "../../core/connector_types.ts";
import { testAdapter } from "../../tests/conformance/adapter_suite.ts";
import { adapter } from "./mod.ts";

testAdapter(adapter);

const stdio = (server: Partial<ServerDef>) => ({
  id: "acme",
  displayName: "Acme",
  server: { transport: "stdio" as const, command: "srv", ...server },
  launch: { command: "srv", args: [], env: {} },
});
const remote = (server: Partial<ServerDef>) => ({
  id: "acme",
  displayName: "Acme",
  server: { transport: "http" as const, url: "https://a/mcp", ...server },
  remote: { transport: "http" as const, url: "https://a/mcp", headers: {} },
});

test("both entry kinds carry timeout in seconds (settings_content/src/project.rs)", () => {
  assert.equal(adapter.server!.render(stdio({ timeoutMs: 30000 })).entry.timeout, 30);
  const http = adapter.server!.render(remote({ timeoutMs: 20000 }));
  assert.equal(http.entry.timeout, 20);
  assert.deepEqual(http.dropped, []);
});
