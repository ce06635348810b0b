import { test } from "node:test";
import assert from "node:assert/strict";
import { SecretError, SecretResolutionError } from "./errors.ts";
import {
  describeSecretFailure,
  formatSecretEnvArg,
  parseSecretEnvArg,
  resolveLaunchEnv,
  secretEnvForLaunch,
} from "./launch_env.ts";

function storeOf(values: Record<string, string>) {
  const reads: string[] = [];
  return {
    reads,
    get(name: string) {
      reads.push(name);
      return name in values ? values[name] : null;
    },
  };
}

test("the --secret-env value carries placeholders that no host expands, and parses back", () => {
  const template = "pg://${env:DB_USER:-app}:${secret:db-pass}@h/db";
  const arg = formatSecretEnvArg("DB_URL", template);
  assert.equal(arg, "DB_URL=pg://{env:DB_USER:-app}:{secret:db-pass}@h/db");
  assert.equal(arg.includes("${"), false);
  assert.deepEqual(parseSecretEnvArg(arg), { envKey: "DB_URL", template });
  assert.deepEqual(parseSecretEnvArg("T=${secret:a}"), { envKey: "T", template: "${secret:a}" });
  assert.deepEqual(parseSecretEnvArg("T={secret:a}{secret:b}"), {
    envKey: "T",
    template: "${secret:a}${secret:b}",
  });
});

test("a malformed --secret-env value is refused with the flag named", () => {
  for (const bad of ["NOEQUALS", "1BAD={secret:a}", "=x"]) {
    assert.throws(
      () => parseSecretEnvArg(bad),
      (e: unknown) => e instanceof SecretError && /--secret-env/.test(e.message),
    );
  }
  assert.throws(() => formatSecretEnvArg("A-B", "${secret:a}"), /not an environment variable name/);
});

test("resolveLaunchEnv fills secrets and expands ${env:} around them from the wrapper's environment", () => {
  const store = storeOf({ "db-pass": "p@ss${env:HOME}{secret:x}" });
  const env = resolveLaunchEnv({
    connectorId: "acme-db",
    secretEnv: {
      DB_URL: "pg://{env:DB_USER}:{secret:db-pass}@{env:DB_HOST:-localhost}/db",
      DB_PASS: "${secret:db-pass}",
    },
    env: { DB_USER: "app", HOME: "/home/u" },
    store,
  });
  // The secret value is inserted verbatim: references inside it are never expanded.
  assert.deepEqual(env, {
    DB_URL: "pg://app:p@ss${env:HOME}{secret:x}@localhost/db",
    DB_PASS: "p@ss${env:HOME}{secret:x}",
  });
  assert.deepEqual(store.reads, ["db-pass"]);
});

test("every unset or empty secret is listed in one SecretResolutionError", () => {
  const store = storeOf({ present: "v", empty: "" });
  assert.throws(
    () =>
      resolveLaunchEnv({
        connectorId: "acme-db",
        secretEnv: {
          A: "${secret:missing-1}",
          B: "{secret:present}{secret:empty}",
          C: "{secret:missing-1}",
        },
        env: {},
        store,
      }),
    (e: unknown) =>
      e instanceof SecretResolutionError && e.connectorId === "acme-db" &&
      JSON.stringify(e.missing) === '["missing-1","empty"]' &&
      e.message ===
        'connector "acme-db": 2 secrets not set: missing-1, empty. Run `secrets set <name> --connector-id acme-db` for each.',
  );
});

test("keystore failures propagate instead of launching without the value", () => {
  const store = {
    get(): string | null {
      throw new SecretError(
        "backend-unavailable",
        "secrets backend secret-service is unavailable: locked",
      );
    },
  };
  assert.throws(
    () => resolveLaunchEnv({ connectorId: "a", secretEnv: { A: "${secret:x}" }, env: {}, store }),
    /unavailable: locked/,
  );
});

test("an env key that is not a variable name is refused", () => {
  assert.throws(
    () =>
      resolveLaunchEnv({
        connectorId: "a",
        secretEnv: { "A B": "${secret:x}" },
        env: {},
        store: storeOf({ x: "1" }),
      }),
    /"A B" is not an environment variable name/,
  );
});

test("secretEnvForLaunch resolves every --secret-env flag and needs no store without flags", async () => {
  const none = await secretEnvForLaunch({
    connectorId: "a",
    secretEnvArgs: [],
    env: {},
    home: "/nonexistent",
    os: "linux",
    store: { get: () => assert.fail("no read expected") },
  });
  assert.deepEqual(none, {});
  const env = await secretEnvForLaunch({
    connectorId: "a",
    secretEnvArgs: ["A={secret:x}", "B=pre-{env:P}-{secret:x}"],
    env: { P: "p" },
    home: "/nonexistent",
    os: "linux",
    store: storeOf({ x: "1" }),
  });
  assert.deepEqual(env, { A: "1", B: "pre-p-1" });
  await assert.rejects(
    secretEnvForLaunch({
      connectorId: "a",
      secretEnvArgs: ["A={secret:x}", "A={secret:y}"],
      env: {},
      home: "/nonexistent",
      os: "linux",
      store: storeOf({}),
    }),
    /--secret-env names A twice/,
  );
});

test("describeSecretFailure gives the message and the hint on its own line", () => {
  assert.equal(
    describeSecretFailure(
      new SecretError("backend-unavailable", "no keystore", { hint: "use --backend file" }),
    ),
    "no keystore\n  hint: use --backend file",
  );
  assert.equal(
    describeSecretFailure(new SecretResolutionError("a", ["x"])),
    new SecretResolutionError("a", ["x"]).message,
  );
});

test("the upper-case placeholders for hosts that expand {env:…} parse back the same", () => {
  const arg = formatSecretEnvArg("DSN", "pg://${env:DB_USER:-app}:${secret:db-pass}@h", {
    upper: true,
  });
  assert.equal(arg, "DSN=pg://{ENV:DB_USER:-app}:{SECRET:db-pass}@h");
  assert.deepEqual(parseSecretEnvArg(arg), {
    envKey: "DSN",
    template: "pg://${env:DB_USER:-app}:${secret:db-pass}@h",
  });
});
