import { test } from "node:test";
import assert from "node:assert/strict";
import { define, rejects } from "../tests/_helpers/config_error.ts";

const server = (s: Record<string, unknown>) => ({ id: "t", server: s });

test("the transport must be one of stdio, http, sse and ws", () => {
  rejects(
    server({ transport: "tcp" }),
    'server.transport: expected stdio | http | sse | ws, got "tcp"',
  );
  rejects(
    server({ command: "node" }),
    "server.transport: expected stdio | http | sse | ws, got undefined",
  );
});

test("a stdio server needs a string command", () => {
  rejects(
    server({ transport: "stdio" }),
    "server.command: a stdio server needs a command (a non-empty string)",
  );
  rejects(
    server({ transport: "stdio", command: ["node"] }),
    "server.command: a stdio server needs a command (a non-empty string)",
  );
});

test("every remote transport needs a string url", () => {
  for (const transport of ["http", "sse", "ws"]) {
    rejects(
      server({ transport, command: "node" }),
      `server.url: a ${transport} server needs a url (a non-empty string)`,
    );
  }
});

test("server defaults: enabled, every tool, telemetry wrapping for stdio only", () => {
  const stdio = define(server({ transport: "stdio", command: "node" })).server;
  assert.equal(stdio?.enabled, true);
  assert.deepEqual(stdio?.tools, { include: ["*"] });
  assert.equal(stdio?.wrapForTelemetry, true);
  for (const transport of ["http", "sse", "ws"] as const) {
    const remote = define({ id: "t", server: { transport, url: "https://x.test/mcp" } }).server;
    assert.equal(remote?.wrapForTelemetry, false);
    assert.equal(remote?.enabled, true);
  }
});

test("explicit server settings are kept over the defaults", () => {
  const s = define(server({
    transport: "stdio",
    command: "node",
    enabled: false,
    wrapForTelemetry: false,
    tools: { exclude: ["drop_*"] },
  })).server;
  assert.equal(s?.enabled, false);
  assert.equal(s?.wrapForTelemetry, false);
  assert.deepEqual(s?.tools, { include: ["*"], exclude: ["drop_*"] });
});

test("server field shapes are checked", () => {
  const base = { transport: "stdio", command: "node" };
  rejects(server({ ...base, args: ["a", 1] }), "server.args[1]: must be a string, got 1");
  rejects(server({ ...base, env: { A: 1 } }), "server.env.A: must be a string, got 1");
  rejects(server({ ...base, cwd: 1 }), "server.cwd: must be a string, got 1");
  rejects(
    server({ ...base, timeoutMs: 0 }),
    "server.timeoutMs: must be a positive number of milliseconds, got 0",
  );
  rejects(server({ ...base, enabled: "no" }), 'server.enabled: must be true or false, got "no"');
  rejects(
    server({ ...base, tools: { include: "*" } }),
    'server.tools.include: must be an array, got "*"',
  );
  const remote = { transport: "http", url: "https://x.test" };
  rejects(
    server({ ...remote, headers: { A: true } }),
    "server.headers.A: must be a string, got true",
  );
  rejects(
    server({ ...remote, auth: { type: "basic" } }),
    'server.auth.type: expected oauth | bearerEnv | none, got "basic"',
  );
  rejects(
    server({ ...remote, auth: { type: "bearerEnv" } }),
    'server.auth.bearerEnvVar: names the env var holding the token; required with type "bearerEnv"',
  );
});

test("secretEnv cannot be written by hand", () => {
  rejects(
    server({ transport: "stdio", command: "node", secretEnv: { A: "a" } }),
    "server.secretEnv: is set by defineConnector — write ${secret:NAME} references in env instead",
  );
  rejects(
    server({ transport: "stdio", command: "node", secretEnv: { A: "${secret:a}" } }),
    "server.secretEnv.A: secret refs (${secret:NAME}) are supported only in server.env of a stdio server",
  );
});

test("a platform server override is validated as the merged effective server", () => {
  const c = define({
    id: "t",
    server: { transport: "stdio", command: "node", args: ["s.js"] },
    platforms: { cursor: { server: { args: ["s.js", "--cursor"] } }, warp: { server: false } },
  });
  assert.deepEqual(c.platforms.cursor?.server, {
    transport: "stdio",
    command: "node",
    args: ["s.js", "--cursor"],
    enabled: true,
    tools: { include: ["*"] },
    wrapForTelemetry: true,
  });
  assert.equal(c.platforms.warp?.server, false);
  rejects(
    {
      id: "t",
      server: { transport: "stdio", command: "node" },
      platforms: { zed: { server: { transport: "http" } } },
    },
    "platforms.zed.server.url: a http server needs a url (a non-empty string)",
  );
});

test("an override that switches to a remote transport gets the remote default for wrapping", () => {
  const c = define({
    id: "t",
    server: { transport: "stdio", command: "node" },
    platforms: { zed: { server: { transport: "http", url: "https://x.test/mcp" } } },
  });
  const zed = c.platforms.zed?.server;
  assert.ok(zed);
  assert.equal(zed.wrapForTelemetry, false);
});

test("a malformed ${env:…} reference in a server string is rejected instead of written as text", () => {
  // "${env:ACME_DSN" (no closing brace) and "${env:ACME DSN}" were accepted and reached
  // every host config verbatim, where nothing expands them.
  const hint = "write ${env:NAME} or ${env:NAME:-default}, NAME matching [A-Za-z_][A-Za-z0-9_]*";
  rejects(
    { server: { transport: "stdio", command: "node", env: { DSN: "${env:ACME_DSN" } } },
    `server.env.DSN: "\${env:ACME_DSN" holds a malformed \${env:…} reference — ${hint}`,
  );
  rejects(
    { server: { transport: "stdio", command: "node", args: ["--db", "${env:ACME DSN}"] } },
    `server.args[1]: "\${env:ACME DSN}" holds a malformed \${env:…} reference — ${hint}`,
  );
  rejects(
    { server: { transport: "http", url: "https://x.test/${env:HOST", headers: {} } },
    `server.url: "https://x.test/\${env:HOST" holds a malformed \${env:…} reference — ${hint}`,
  );
  // Well-formed references and other ${…} forms (a host's own, like VS Code's) pass.
  const c = define({
    server: {
      transport: "stdio",
      command: "node",
      args: ["${workspaceFolder}/x", "${env:A}", "${env:B:-b}"],
      env: { X: "pre-${env:C}-post" },
    },
  });
  assert.deepEqual(c.server?.args, ["${workspaceFolder}/x", "${env:A}", "${env:B:-b}"]);
});

test("a misspelt ${env:…} or ${secret:…} scheme is rejected with the one it meant", () => {
  rejects(
    { server: { transport: "stdio", command: "node", env: { DSN: "${evn:ACME_DSN}" } } },
    'server.env.DSN: "${evn:ACME_DSN}" — did you mean ${env:…}? An unknown ${evn:…} reference ' +
      "is written as text and never expanded",
  );
  rejects(
    { server: { transport: "stdio", command: "node", env: { KEY: "${secert:api-key}" } } },
    'server.env.KEY: "${secert:api-key}" — did you mean ${secret:…}? An unknown ${secert:…} ' +
      "reference is written as text and never expanded",
  );
  // A host's own schemes (VS Code: ${input:…}, ${config:…}) are left to the host.
  const c = define({
    server: { transport: "stdio", command: "node", args: ["${input:token}", "${config:x}"] },
  });
  assert.deepEqual(c.server?.args, ["${input:token}", "${config:x}"]);
});
