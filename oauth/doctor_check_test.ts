import { test } from "node:test";
import assert from "node:assert/strict";
import { SecretError } from "../secrets/errors.ts";
import { loginsDoctorCheck } from "./doctor_check.ts";
import type { OAuthLoginDef } from "./types.ts";

const base = { provider: "generic" as const, scopes: ["s"], issuer: "https://idp.example" };
const logins: Record<string, OAuthLoginDef> = {
  gsc: { ...base, clientId: "${secret:app-id}", clientSecret: "${secret:app-secret}" },
  bing: { ...base, clientId: "literal-id", clientSecret: "${secret:app-secret}" },
  ms: { ...base, clientId: "public-id", storeAs: "ms-token" },
};

function storeWith(...names: string[]) {
  return { has: (name: string) => names.includes(name) };
}

test("the logins check names unset client secrets first, deduped, in login order", () => {
  assert.deepEqual(loginsDoctorCheck({ connectorId: "seo", logins, store: storeWith() }), {
    check: "seo: logins",
    status: "warn",
    message: "secrets not set for login(s) gsc, bing: app-id, app-secret — run secrets set <name>",
    fix: "run `secrets set <name> --connector-id seo` for each of: app-id, app-secret",
  });
});

test("with every referenced secret set, the logins check names the logins not logged in", () => {
  const store = storeWith("app-id", "app-secret", "oauth.gsc.refresh-token");
  assert.deepEqual(loginsDoctorCheck({ connectorId: "seo", logins, store }), {
    check: "seo: logins",
    status: "warn",
    message: "not logged in: bing, ms — run auth login <key>",
    fix: "run `auth login <key> --connector-id seo` for each of: bing, ms",
  });
});

test("the logins check passes when every login is present, and is absent without logins", () => {
  const store = storeWith(
    "app-id",
    "app-secret",
    "oauth.gsc.refresh-token",
    "oauth.bing.refresh-token",
    "ms-token",
  );
  assert.deepEqual(loginsDoctorCheck({ connectorId: "seo", logins, store }), {
    check: "seo: logins",
    status: "pass",
    message: "3 login(s) present",
  });
  assert.equal(loginsDoctorCheck({ connectorId: "seo", logins: {}, store }), undefined);
});

test("an unreadable keystore gives one warning naming the logins it cannot verify", () => {
  const store = {
    has: () => {
      throw new SecretError("backend-unavailable", "the keyring is locked", { hint: "unlock it" });
    },
  };
  assert.deepEqual(loginsDoctorCheck({ connectorId: "seo", logins, store }), {
    check: "seo: logins",
    status: "warn",
    message:
      "secrets backend unavailable; cannot verify login(s) gsc, bing, ms: the keyring is locked",
    fix: "unlock it",
  });
});
