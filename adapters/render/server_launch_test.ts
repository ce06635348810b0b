import { test } from "node:test";
import assert from "node:assert/strict";
import type { ServerDef } from "../../core/connector_types.ts";
import { resolveLaunch } from "./server_launch.ts";

function remote(server: ServerDef, envByName: boolean) {
  return resolveLaunch({
    server,
    connectorId: "acme",
    platform: "codex",
    scope: "user",
    homeBin: "/b",
    os: "linux",
    envByName,
  });
}

const server: ServerDef = {
  transport: "http",
  url: "https://mcp.acme.dev/mcp",
  headers: { "X-Key": "${env:ACME_KEY}", "X-Mixed": "k-${env:B}", "X-Plain": "p" },
  auth: { type: "bearerEnv", bearerEnvVar: "ACME_TOKEN" },
};

test("a host without env syntax reports env-bearing headers and bearer auth as dropped", () => {
  const r = remote(server, false);
  assert.deepEqual(r.dropped.map((d) => d.field), [
    "server.headers.X-Key",
    "server.headers.X-Mixed",
    "server.auth",
  ]);
  assert.deepEqual(r.remote?.headers, { "X-Plain": "p" });
});

test("a host taking env names gets the variable names instead of drops", () => {
  const r = remote(server, true);
  assert.deepEqual(r.dropped.map((d) => d.field), ["server.headers.X-Mixed"]);
  assert.deepEqual(r.remote?.envHeaders, { "X-Key": "ACME_KEY" });
  assert.equal(r.remote?.bearerEnvVar, "ACME_TOKEN");
  const bearer = remote({
    transport: "http",
    url: "https://x",
    headers: { Authorization: "Bearer ${env:TOK}" },
  }, true);
  assert.equal(bearer.remote?.bearerEnvVar, "TOK");
  assert.equal(bearer.remote?.envHeaders, undefined);
});
