import { test } from "node:test";
import assert from "node:assert/strict";
import type { ServerDef } from "../../core/connector_types.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { resolveLaunch } from "./server_launch.ts";
import { geminiServerEntry } from "./server_gemini.ts";

const render = geminiServerEntry("Gemini CLI");

function entryFor(server: ServerDef) {
  const launch = resolveLaunch({
    server,
    connectorId: "acme",
    platform: "gemini-cli",
    scope: "user",
    homeBin: "/h/.agent-connector/bin/agent-connector",
    os: "linux",
    envRef: DOLLAR_BRACE_REF,
  });
  return { launch, rendered: render({ id: "acme", displayName: "Acme", server, ...launch }) };
}

test("the key picks the transport: url for SSE, httpUrl for streamable HTTP", () => {
  const sse = entryFor({ transport: "sse", url: "https://x/sse", headers: { A: "${env:TOK}" } });
  assert.deepEqual(sse.rendered.entry, { url: "https://x/sse", headers: { A: "${TOK}" } });
  const http = entryFor({ transport: "http", url: "https://x/mcp", timeoutMs: 30000 });
  assert.deepEqual(http.rendered.entry, { httpUrl: "https://x/mcp", timeout: 30000 });
  assert.equal("type" in http.rendered.entry, false);
});

test("a stdio entry carries env references in Gemini's syntax, cwd, ms timeout and tool lists", () => {
  const { rendered } = entryFor({
    transport: "stdio",
    command: "acme-mcp",
    args: ["--db", "${env:DB_URL}"],
    env: { TOKEN: "${env:ACME_TOKEN}", MODE: "ro" },
    cwd: "/srv/acme",
    timeoutMs: 5000,
    tools: { include: ["query", "schema"], exclude: ["drop"] },
    wrapForTelemetry: false,
  });
  assert.deepEqual(rendered.entry, {
    command: "acme-mcp",
    args: ["--db", "${DB_URL}"],
    env: { TOKEN: "${ACME_TOKEN}", MODE: "ro" },
    cwd: "/srv/acme",
    timeout: 5000,
    includeTools: ["query", "schema"],
    excludeTools: ["drop"],
  });
  assert.deepEqual(rendered.dropped, []);
});

test("globbed tool lists and a disabled server are reported instead of written", () => {
  const { rendered } = entryFor({
    transport: "stdio",
    command: "x",
    tools: { include: ["read_*"] },
    enabled: false,
  });
  assert.equal(rendered.entry.includeTools, undefined);
  assert.deepEqual(rendered.dropped.map((d) => d.field), ["server.tools"]);
  assert.match(rendered.skip ?? "", /no disabled flag/);
});
