import { test } from "node:test";
import assert from "node:assert/strict";
import { SecretError } from "./errors.ts";
import { nativeSecretBackendId, resolveSecretBackendId } from "./select.ts";

test("the OS keystore is keychain on macOS, credential-manager on Windows, secret-service on Linux", () => {
  assert.equal(nativeSecretBackendId("darwin"), "keychain");
  assert.equal(nativeSecretBackendId("win32"), "credential-manager");
  assert.equal(nativeSecretBackendId("linux"), "secret-service");
  assert.throws(
    () => nativeSecretBackendId("haiku"),
    (e: unknown) =>
      e instanceof SecretError && e.code === "unsupported-platform" && /backend file/.test(e.hint!),
  );
});

test("--backend wins over the environment variable, which wins over the OS keystore", () => {
  const env = { AGENT_CONNECTOR_SECRETS_BACKEND: "file" };
  assert.equal(resolveSecretBackendId("keychain", env, "linux"), "keychain");
  assert.equal(resolveSecretBackendId(undefined, env, "linux"), "file");
  assert.equal(resolveSecretBackendId(undefined, "file", "linux"), "file");
  assert.equal(resolveSecretBackendId(undefined, {}, "darwin"), "keychain");
  assert.equal(resolveSecretBackendId(undefined, undefined, "win32"), "credential-manager");
});

test("auto and an empty value mean the OS keystore; an unknown name is refused", () => {
  assert.equal(
    resolveSecretBackendId(undefined, { AGENT_CONNECTOR_SECRETS_BACKEND: "auto" }, "darwin"),
    "keychain",
  );
  assert.equal(resolveSecretBackendId("auto", {}, "linux"), "secret-service");
  assert.equal(
    resolveSecretBackendId(undefined, { AGENT_CONNECTOR_SECRETS_BACKEND: "" }, "linux"),
    "secret-service",
  );
  assert.throws(
    () => resolveSecretBackendId(undefined, { AGENT_CONNECTOR_SECRETS_BACKEND: "vault" }, "linux"),
    /AGENT_CONNECTOR_SECRETS_BACKEND "vault" is not a secrets backend \(expected keychain, secret-service, credential-manager, file, auto\)/,
  );
});
