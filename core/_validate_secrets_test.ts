import { test } from "node:test";
import assert from "node:assert/strict";
import type { ConnectorConfig } from "./types.ts";
import { define, rejects } from "../tests/_helpers/config_error.ts";

const ONLY = "secret refs (${secret:NAME}) are supported only in server.env of a stdio server";
const stdio = (env: Record<string, string>) => ({ transport: "stdio", command: "node", env });

test("secret references in a stdio env move into secretEnv; plain entries stay in env", () => {
  const c = define({
    id: "t",
    server: stdio({
      DSN: "pg://${env:DB_USER:-me}:${secret:db-pass}@h/db",
      MODE: "${env:MODE:-ro}",
    }) as ConnectorConfig["server"],
  });
  assert.deepEqual(c.server?.env, { MODE: "${env:MODE:-ro}" });
  assert.deepEqual(c.server?.secretEnv, { DSN: "pg://${env:DB_USER:-me}:${secret:db-pass}@h/db" });
});

test("a secret reference anywhere but a stdio env is rejected with the spec's sentence", () => {
  const base = { transport: "stdio", command: "node" };
  rejects({ id: "t", server: { ...base, args: ["${secret:tok}"] } }, `server.args[0]: ${ONLY}`);
  rejects({ id: "t", server: { ...base, command: "${secret:bin}" } }, `server.command: ${ONLY}`);
  rejects({ id: "t", server: { ...base, cwd: "/x/${secret:d}" } }, `server.cwd: ${ONLY}`);
  rejects(
    {
      id: "t",
      server: { transport: "http", url: "https://x.test", headers: { A: "Bearer ${secret:t}" } },
    },
    `server.headers.A: ${ONLY}`,
  );
  rejects(
    { id: "t", server: { transport: "http", url: "https://x.test", env: { A: "${secret:t}" } } },
    `server.env.A: ${ONLY}`,
  );
  rejects(
    { id: "t", memory: [{ content: "token ${secret:t}" }] },
    `memory[0].content: ${ONLY}`,
  );
  rejects(
    { id: "t", server: base, platforms: { cursor: { extra: { k: "${secret:t}" } } } },
    `platforms.cursor.extra.k: ${ONLY}`,
  );
});

test("a platform override env replaces the base env together with its secrets", () => {
  const c = define({
    id: "t",
    server: stdio({ A: "${secret:a}", B: "b" }) as ConnectorConfig["server"],
    platforms: {
      cursor: { server: { env: { C: "c" } } },
      codex: { server: { env: { A: "${secret:a2}" } } },
      zed: { server: { args: ["x"] } },
    },
  });
  assert.deepEqual(c.platforms.cursor?.server && c.platforms.cursor.server.env, { C: "c" });
  assert.deepEqual(c.platforms.cursor?.server && c.platforms.cursor.server.secretEnv, {});
  assert.deepEqual(c.platforms.codex?.server && c.platforms.codex.server.secretEnv, {
    A: "${secret:a2}",
  });
  // An override without env keeps both.
  const zed = c.platforms.zed?.server;
  assert.ok(zed);
  assert.deepEqual([zed.env, zed.secretEnv], [{ B: "b" }, { A: "${secret:a}" }]);
});

test("an override is judged by its effective transport", () => {
  rejects(
    {
      id: "t",
      server: { transport: "http", url: "https://x.test" },
      platforms: { cursor: { server: { env: { A: "${secret:a}" } } } },
    },
    `platforms.cursor.server.env.A: ${ONLY}`,
  );
  rejects(
    {
      id: "t",
      server: stdio({ A: "${secret:a}" }),
      platforms: { cursor: { server: { transport: "http", url: "https://x.test" } } },
    },
    `platforms.cursor.server.env.A: ${ONLY}`,
  );
});

test("a secret-bearing env key must be an environment variable name", () => {
  rejects(
    { id: "t", server: stdio({ "db-pass": "${secret:p}" }) },
    'server.env: "db-pass" is not an environment variable name ([A-Za-z_][A-Za-z0-9_]*), so it cannot carry a secret reference',
  );
});

test("secret names follow the secret-name pattern and have no default form", () => {
  const tail = "names match [A-Za-z0-9][A-Za-z0-9._-]{0,63} and there is no :-default form";
  rejects(
    { id: "t", server: stdio({ P: "${secret:p:-fallback}" }) },
    `server.env.P: "\${secret:p:-fallback}" is not a valid secret reference — ${tail}`,
  );
  rejects(
    { id: "t", server: stdio({ P: "x${secret:ok}y${secret:-bad}" }) },
    `server.env.P: "\${secret:-bad}" is not a valid secret reference — ${tail}`,
  );
  rejects(
    { id: "t", server: stdio({ P: `\${secret:${"a".repeat(65)}}` }) },
    `server.env.P: "\${secret:${"a".repeat(65)}}" is not a valid secret reference — ${tail}`,
  );
});

test("a secret-bearing env value is at most 8192 characters", () => {
  const long = "${secret:p}" + "x".repeat(8192);
  rejects(
    { id: "t", server: stdio({ P: long }) },
    "server.env.P: a secret-bearing value is at most 8192 characters",
  );
});
