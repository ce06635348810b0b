import { test } from "node:test";
import assert from "node:assert/strict";
import { define, rejects } from "../tests/_helpers/config_error.ts";

const login = (def: Record<string, unknown>, key = "gh") => ({
  id: "t",
  server: { transport: "stdio", command: "node" },
  oauth: { [key]: { provider: "github", clientId: "Iv1.abc", scopes: ["repo"], ...def } },
});
const W = "oauth.gh";

test("a login resolves with its key and the defaults", () => {
  const c = define(login({}));
  assert.deepEqual(c.oauth.gh, {
    provider: "github",
    clientId: "Iv1.abc",
    scopes: ["repo"],
    key: "gh",
    flow: "auto",
    redirectPath: "/callback",
    storeAs: "oauth.gh.refresh-token",
  });
  const set = define(login({ flow: "device", redirectPath: "/cb.html", storeAs: "gh-token" }));
  assert.deepEqual(
    [set.oauth.gh.flow, set.oauth.gh.redirectPath, set.oauth.gh.storeAs],
    ["device", "/cb.html", "gh-token"],
  );
});

test("login keys match ^[a-z0-9][a-z0-9-]{0,31}$", () => {
  for (const key of ["GitHub", "-gh", "a".repeat(33)]) {
    rejects(
      login({}, key),
      `oauth: "${key}" is not a valid login key (expected ^[a-z0-9][a-z0-9-]{0,31}$)`,
    );
  }
  assert.ok(define(login({}, "a".repeat(32))));
});

test("the provider is a known preset", () => {
  rejects(
    login({ provider: "gitlab" }),
    `${W}.provider: "gitlab" is not a known OAuth preset (google, microsoft, github, bing-webmaster, posthog, generic)`,
  );
});

test("clientId is a literal, an env reference or exactly one secret reference", () => {
  const msg =
    `${W}.clientId: must be a non-empty string — a literal, \${env:VAR}, or exactly one \${secret:NAME} reference`;
  for (
    const clientId of [
      undefined,
      "",
      7,
      "id-${secret:x}",
      "${secret:a}${secret:b}",
      "${secret:bad name}",
    ]
  ) {
    rejects(login({ clientId }), msg);
  }
  for (const clientId of ["${env:GH_CLIENT_ID}", "${secret:gh-client-id}", "Iv1.abc"]) {
    assert.ok(define(login({ clientId })));
  }
});

test("clientSecret is exactly one secret reference for every preset but google", () => {
  const msg =
    `${W}.clientSecret: must be a \${secret:NAME} reference (a literal secret is never written into a connector config)`;
  for (const clientSecret of ["s3cret", "${env:GH_SECRET}", "x${secret:a}", ""]) {
    rejects(login({ clientSecret }), msg);
  }
  assert.ok(define(login({ clientSecret: "${secret:gh-secret}" })));
});

test("a google clientSecret may be a non-empty literal but never an env reference", () => {
  const google = (clientSecret: unknown) =>
    login({ provider: "google", clientId: "x.apps.googleusercontent.com", clientSecret });
  assert.ok(define(google("GOCSPX-literal")));
  assert.ok(define(google("${secret:g}")));
  const msg =
    `${W}.clientSecret: must be a \${secret:NAME} reference or a non-empty literal (provider "google" documents an installed app's client secret as not confidential)`;
  for (const bad of ["", "${env:G}", "a${secret:g}", 5]) rejects(google(bad), msg);
});

test("tokenExchangeUrl is https and exclusive with clientSecret", () => {
  rejects(
    login({ tokenExchangeUrl: "http://tokens.acme.test/x" }),
    `${W}.tokenExchangeUrl: must be an https URL`,
  );
  assert.ok(define(login({ tokenExchangeUrl: "http://127.0.0.1:8080/x" })));
  rejects(
    login({ tokenExchangeUrl: "https://tokens.acme.test", clientSecret: "${secret:s}" }),
    `${W}: clientSecret and tokenExchangeUrl are exclusive — the token exchange service holds the client secret`,
  );
});

test("at least one scope is required", () => {
  for (const scopes of [undefined, [], [""], "repo"]) {
    rejects(login({ scopes }), `${W}.scopes: at least one scope string is required`);
  }
});

test("flow and tokenEndpointAuth stay inside their unions", () => {
  rejects(login({ flow: "implicit" }), `${W}.flow: expected auto | loopback | device`);
  rejects(
    login({ tokenEndpointAuth: "private_key_jwt" }),
    `${W}.tokenEndpointAuth: expected client_secret_post | client_secret_basic | none`,
  );
});

test("redirectPort is an integer in 1024..65535", () => {
  for (const redirectPort of [80, 65536, 8080.5, "8080"]) {
    rejects(login({ redirectPort }), `${W}.redirectPort: expected an integer in 1024..65535`);
  }
  assert.ok(define(login({ redirectPort: 1024 })));
});

test("redirectPath starts with a slash", () => {
  rejects(login({ redirectPath: "callback" }), `${W}.redirectPath: must start with "/"`);
});

test("generic needs an issuer or both endpoints", () => {
  rejects(
    login({ provider: "generic", authorizationEndpoint: "https://id.test/auth" }),
    `${W}: provider "generic" needs issuer, or authorizationEndpoint and tokenEndpoint`,
  );
  assert.ok(define(login({ provider: "generic", issuer: "https://id.test" })));
  assert.ok(define(login({
    provider: "generic",
    authorizationEndpoint: "https://id.test/auth",
    tokenEndpoint: "https://id.test/token",
  })));
});

test("every endpoint is https, loopback http passes, control characters fail", () => {
  for (
    const field of [
      "issuer",
      "authorizationEndpoint",
      "tokenEndpoint",
      "deviceAuthorizationEndpoint",
      "revocationEndpoint",
    ]
  ) {
    for (
      const bad of ["http://id.test/x", "ftp://id.test", "not a url", "https://id.test/\nx", 5]
    ) {
      rejects(login({ [field]: bad }), `${W}.${field}: must be an https URL`);
    }
    for (const ok of ["https://id.test/x", "http://127.0.0.1:9000/x", "http://localhost/x"]) {
      assert.ok(define(login({ [field]: ok })));
    }
  }
});

test("an endpoint carrying userinfo or a fragment is rejected", () => {
  for (
    const bad of [
      "https://user:pw@id.test/token",
      "https://user@id.test/token",
      "https://id.test/token#frag",
    ]
  ) {
    rejects(
      login({ tokenEndpoint: bad }),
      `${W}.tokenEndpoint: must not carry credentials or a fragment`,
    );
  }
});

test("storeAs is a valid secret name", () => {
  rejects(login({ storeAs: "my token" }), `${W}.storeAs: "my token" is not a valid secret name`);
});

test("posthog region is us or eu and a microsoft tenant is non-empty", () => {
  rejects(
    login({
      provider: "posthog",
      clientId: "https://acme.test/client.json",
      options: { region: "ap" },
    }),
    `${W}.options.region: expected us | eu`,
  );
  rejects(
    login({ provider: "microsoft", options: { tenant: "" } }),
    `${W}.options.tenant: must be a non-empty string`,
  );
  assert.ok(define(login({ provider: "microsoft", options: { tenant: "common" } })));
});

test("extraAuthorizationParams cannot override what the login flow sets", () => {
  for (
    const name of [
      "response_type",
      "client_id",
      "redirect_uri",
      "scope",
      "state",
      "code_challenge",
      "code_challenge_method",
    ]
  ) {
    rejects(
      login({ extraAuthorizationParams: { [name]: "x" } }),
      `${W}.extraAuthorizationParams: "${name}" is set by the login flow and cannot be overridden`,
    );
  }
  assert.ok(define(login({ extraAuthorizationParams: { prompt: "consent" } })));
});

test("bing-webmaster requires a fixed redirectPort", () => {
  rejects(
    login({ provider: "bing-webmaster", tokenExchangeUrl: "https://x.test/t" }),
    `${W}.redirectPort: required for provider "bing-webmaster" (redirect URIs are matched exactly and the authorization response carries no state)`,
  );
  assert.ok(
    define(
      login({
        provider: "bing-webmaster",
        redirectPort: 8765,
        tokenExchangeUrl: "https://x.test/t",
      }),
    ),
  );
});

test("secret references inside oauth follow the oauth rules, not the server.env rule", () => {
  const c = define(login({ clientId: "${secret:gh-id}", clientSecret: "${secret:gh-secret}" }));
  assert.equal(c.oauth.gh.clientSecret, "${secret:gh-secret}");
});
