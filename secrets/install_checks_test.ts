import { test } from "node:test";
import assert from "node:assert/strict";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { SecretError } from "./errors.ts";
import {
  connectorSecretEnv,
  secretInstallWarnings,
  secretNamesOf,
  secretsDoctorCheck,
} from "./install_checks.ts";
import type { BackendAvailability, SecretBackendId, SecretListEntry } from "./types.ts";

const connector: Pick<ResolvedConnector, "id" | "server" | "platforms"> = {
  id: "acme-db",
  server: {
    transport: "stdio",
    command: "node",
    env: { LOG: "1" },
    secretEnv: {
      DB_URL: "pg://${env:DB_USER}:${secret:db-pass}@${env:DB_HOST:-h}/db",
      TOKEN: "${secret:api-token}",
    },
  },
  platforms: {
    codex: { server: { secretEnv: { DB_URL: "${secret:codex-pass}${env:SUFFIX}" } } },
    cursor: { server: false },
  },
};

function fakeStore(
  set: string[],
  opts: { list?: SecretListEntry[]; unavailable?: string; backend?: SecretBackendId } = {},
) {
  const backend = opts.backend ?? "secret-service";
  return {
    backend,
    has(name: string) {
      if (opts.unavailable) {
        throw new SecretError("backend-unavailable", opts.unavailable, {
          hint: "use --backend file",
        });
      }
      return set.includes(name);
    },
    list: () => opts.list ?? [],
    availability(b?: SecretBackendId): BackendAvailability {
      return opts.unavailable
        ? {
          backend: b ?? backend,
          available: false,
          detail: opts.unavailable,
          hint: "use --backend file",
        }
        : { backend: b ?? backend, available: true, detail: "ok" };
    },
  };
}

test("connectorSecretEnv lists the base server's and every override's secret entries", () => {
  assert.deepEqual(connectorSecretEnv(connector).map((e) => e.where), [
    "server.env.DB_URL",
    "server.env.TOKEN",
    "platforms.codex.server.env.DB_URL",
  ]);
  assert.deepEqual(connectorSecretEnv(connector, ["cursor"]).map((e) => e.where), [
    "server.env.DB_URL",
    "server.env.TOKEN",
  ]);
  assert.deepEqual(secretNamesOf(connectorSecretEnv(connector)), [
    "db-pass",
    "api-token",
    "codex-pass",
  ]);
});

test("install warns once per unset secret, pointing at secrets set", () => {
  const warnings = secretInstallWarnings({
    connector,
    store: fakeStore(["api-token"]),
    env: { DB_USER: "u", SUFFIX: "s" },
    modulePath: "/p/agent-connector.config.mjs",
  });
  assert.deepEqual(warnings, [
    'secret "db-pass" is not set — run `secrets set db-pass --connector-id acme-db`',
    'secret "codex-pass" is not set — run `secrets set codex-pass --connector-id acme-db`',
  ]);
});

test("install warns per unset defaultless ${env:VAR} inside a secret-bearing value", () => {
  const warnings = secretInstallWarnings({
    connector,
    store: fakeStore(["db-pass", "api-token", "codex-pass"]),
    env: { DB_USER: "" },
    modulePath: "/p/m.mjs",
  });
  assert.deepEqual(warnings, [
    "server.env.DB_URL: ${env:DB_USER} is not set and has no default — the serve wrapper would expand it to an empty fragment at launch (set DB_USER, or write ${env:DB_USER:-<default>})",
    "platforms.codex.server.env.DB_URL: ${env:SUFFIX} is not set and has no default — the serve wrapper would expand it to an empty fragment at launch (set SUFFIX, or write ${env:SUFFIX:-<default>})",
  ]);
});

test("an unreadable keystore yields one line instead of a warning per name", () => {
  const warnings = secretInstallWarnings({
    connector,
    store: fakeStore([], {
      unavailable: "secrets backend secret-service is unavailable: no D-Bus",
    }),
    env: { DB_USER: "u", SUFFIX: "s" },
    modulePath: "/p/m.mjs",
  });
  assert.deepEqual(warnings, [
    "secrets backend unavailable; cannot verify secret(s) db-pass, api-token, codex-pass: secrets backend secret-service is unavailable: no D-Bus",
  ]);
});

test("install warns when an id with stored secrets is registered from a different module", () => {
  const list: SecretListEntry[] = [
    { name: "db-pass", backend: "file", updatedAt: null, present: true },
    { name: "old", backend: "file", updatedAt: null, present: true },
  ];
  const base = {
    connector,
    env: { DB_USER: "u", SUFFIX: "s" },
    store: fakeStore(["db-pass", "api-token", "codex-pass"], { list }),
  };
  assert.deepEqual(
    secretInstallWarnings({ ...base, modulePath: "/new/m.mjs", previousModulePath: "/new/m.mjs" }),
    [],
  );
  assert.deepEqual(
    secretInstallWarnings({ ...base, modulePath: "/new/m.mjs", previousModulePath: "/old/m.mjs" }),
    [
      '"acme-db" was registered from /old/m.mjs; this install registers it from /new/m.mjs, and the secret(s) stored under this id (db-pass, old) will now be delivered to that module',
    ],
  );
  const none = { ...base, store: fakeStore(["db-pass", "api-token", "codex-pass"]) };
  assert.deepEqual(
    secretInstallWarnings({ ...none, modulePath: "/new/m.mjs", previousModulePath: "/old/m.mjs" }),
    [],
  );
});

test("doctor passes when every secret is present and names the backend", () => {
  const result = secretsDoctorCheck({
    connectorId: "acme-db",
    names: ["a", "b"],
    store: fakeStore(["a", "b"]),
  });
  assert.deepEqual(result, {
    check: "acme-db: secrets",
    status: "pass",
    message: "2 secret(s) present in secret-service",
  });
  const mixed = secretsDoctorCheck({
    connectorId: "acme-db",
    names: ["a", "b"],
    store: fakeStore(["a", "b"], {
      list: [{ name: "b", backend: "file", updatedAt: null, present: true }],
    }),
  });
  assert.equal(mixed!.message, "2 secret(s) present in secret-service, file");
});

test("doctor warns with the names not set and the command to fix it", () => {
  assert.deepEqual(
    secretsDoctorCheck({ connectorId: "acme-db", names: ["a", "b", "c"], store: fakeStore(["b"]) }),
    {
      check: "acme-db: secrets",
      status: "warn",
      message: "not set: a, c",
      fix: "run `secrets set <name> --connector-id acme-db` for each of: a, c",
    },
  );
});

test("doctor warns when the backend is unavailable and has no check without secrets", () => {
  assert.deepEqual(
    secretsDoctorCheck({
      connectorId: "acme-db",
      names: ["a"],
      store: fakeStore([], { unavailable: "no D-Bus session" }),
    }),
    {
      check: "acme-db: secrets",
      status: "warn",
      message: "backend secret-service unavailable: no D-Bus session",
      fix: "use --backend file",
    },
  );
  assert.equal(
    secretsDoctorCheck({ connectorId: "acme-db", names: [], store: fakeStore([]) }),
    undefined,
  );
});
