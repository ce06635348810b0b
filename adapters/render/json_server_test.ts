import { test } from "node:test";
import assert from "node:assert/strict";
import type { ServerDef } from "../../core/connector_types.ts";
import type { ServerRenderInput } from "../descriptor.ts";
import { jsonServerRenderer } from "./json_server.ts";

const remote = (server: Partial<ServerDef> = {}): ServerRenderInput => ({
  id: "acme",
  displayName: "Acme",
  server: { transport: "http", url: "https://a/mcp", ...server },
  remote: { transport: "http", url: "https://a/mcp", headers: { "X-Team": "core" } },
});
const stdio = (server: Partial<ServerDef>): ServerRenderInput => ({
  id: "acme",
  displayName: "Acme",
  server: { transport: "stdio", command: "srv", ...server },
  launch: { command: "srv", args: [], env: {} },
});

test("a host's own remote type literal and url key are written", () => {
  const cline = jsonServerRenderer({ host: "Cline", remoteType: { http: "streamableHttp" } });
  assert.deepEqual(cline(remote()).entry, {
    type: "streamableHttp",
    url: "https://a/mcp",
    headers: { "X-Team": "core" },
  });
  const windsurf = jsonServerRenderer({ host: "Windsurf", urlKey: "serverUrl" });
  assert.deepEqual(windsurf(remote()).entry, {
    serverUrl: "https://a/mcp",
    headers: { "X-Team": "core" },
  });
});

test("a disabled server is written the host's way, and a timeout in the host's unit", () => {
  const zed = jsonServerRenderer({
    host: "Zed",
    support: { disabled: true },
    disabledField: "enabled",
  });
  assert.equal(zed(stdio({ enabled: false })).entry.enabled, false);
  assert.equal(zed(stdio({ enabled: false })).entry.disabled, undefined);
  const cline = jsonServerRenderer({ host: "Cline", support: { timeout: true }, timeoutUnit: "s" });
  assert.equal(cline(stdio({ timeoutMs: 30_000 })).entry.timeout, 30);
  assert.equal(cline(stdio({ timeoutMs: 200 })).entry.timeout, 1, "never zero");
});
