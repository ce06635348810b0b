import { test } from "node:test";
import assert from "node:assert/strict";
import { SecretError } from "../secrets/errors.ts";
import { loginInstallWarnings } from "./install_warnings.ts";
import type { OAuthLoginDef } from "./types.ts";

const base = { scopes: ["s"], issuer: "https://idp.example" };
const logins: Record<string, OAuthLoginDef> = {
  gsc: {
    ...base,
    provider: "google",
    clientId: "${secret:app}",
    clientSecret: "${secret:app}",
  },
  ms: { ...base, provider: "microsoft", clientId: "public-id" },
};

test("install warns once per unset secret a login references, and per login not present for every host entry", () => {
  assert.deepEqual(loginInstallWarnings(logins, { has: () => false }), {
    once: [
      'login "gsc" (google) references secret "app" which is not set — run `secrets set app` before `auth login gsc`',
    ],
    perHostEntry: [
      'login "gsc" (google) is not present — run `auth login gsc` before the server needs it',
      'login "ms" (microsoft) is not present — run `auth login ms` before the server needs it',
    ],
  });
  const present = new Set(["app", "oauth.gsc.refresh-token", "oauth.ms.refresh-token"]);
  assert.deepEqual(loginInstallWarnings(logins, { has: (n) => present.has(n) }), {
    once: [],
    perHostEntry: [],
  });
});

test("an unreadable keystore gives the single backend-unavailable line", () => {
  const store = {
    has: (): boolean => {
      throw new SecretError("backend-unavailable", "no Secret Service on the D-Bus session bus");
    },
  };
  assert.deepEqual(loginInstallWarnings(logins, store), {
    once: [
      "secrets backend unavailable; cannot verify login(s) gsc, ms: no Secret Service on the D-Bus session bus",
    ],
    perHostEntry: [],
  });
});
