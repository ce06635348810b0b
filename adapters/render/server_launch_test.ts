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

test("serve templates use upper-case placeholders on hosts that substitute {env:…} themselves", () => {
  const stdio: ServerDef = {
    transport: "stdio",
    command: "srv",
    env: { LOG: "${env:LOG:-info}" },
    secretEnv: { PASS: "${secret:db-pass}" },
  };
  const launch = (substitutesBraces: boolean) =>
    resolveLaunch({
      server: stdio,
      connectorId: "acme",
      platform: "opencode",
      scope: "user",
      homeBin: "/b",
      os: "linux",
      envRef: (name, fallback) => (fallback === undefined ? `{env:${name}}` : undefined),
      substitutesBraces,
    }).launch!.args;
  assert.ok(launch(true).includes("LOG={ENV:LOG:-info}"));
  assert.ok(launch(true).includes("PASS={SECRET:db-pass}"));
  assert.ok(!launch(true).join(" ").includes("{env:"), "nothing opencode would substitute");
  assert.ok(launch(false).includes("LOG={env:LOG:-info}"));
});
