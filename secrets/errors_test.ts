import { test } from "node:test";
import assert from "node:assert/strict";
import { SecretError, SecretResolutionError } from "./errors.ts";

test("SecretResolutionError names every missing secret and the command that sets them", () => {
  const one = new SecretResolutionError("acme-db", ["db-pass"]);
  assert.equal(
    one.message,
    'connector "acme-db": 1 secret not set: db-pass. Run `secrets set <name> --connector-id acme-db` for each.',
  );
  const two = new SecretResolutionError("acme-db", ["a", "b"]);
  assert.match(two.message, /^connector "acme-db": 2 secrets not set: a, b\. Run /);
  assert.deepEqual(two.missing, ["a", "b"]);
  assert.equal(two.connectorId, "acme-db");
  assert.equal(two.name, "SecretResolutionError");
});

test("SecretResolutionError appends where the secrets are referenced, as auth login does", () => {
  const err = new SecretResolutionError("seo", ["client-id"], { context: "oauth.google.clientId" });
  assert.equal(
    err.message,
    'connector "seo": 1 secret not set: client-id. Run `secrets set <name> --connector-id seo` for each (oauth.google.clientId).',
  );
});

test("SecretError carries a code and an optional hint", () => {
  const err = new SecretError("backend-unavailable", "no keystore", { hint: "use --backend file" });
  assert.equal(err.code, "backend-unavailable");
  assert.equal(err.hint, "use --backend file");
  assert.equal(new SecretError("invalid-name", "bad").hint, undefined);
});
