// Runs under Node against the installed npm package (scripts/test_node.ts): the OAuth
// engine's loopback login and getAccessToken on Node 20, against a small authorization
// server on 127.0.0.1 that checks PKCE S256 and rotates refresh tokens. The keystore is the
// file backend (no Secret Service in this suite).
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  getAccessToken,
  getOAuthPreset,
  login,
  OAUTH_PRESET_IDS,
  OAuthLoginRequiredError,
  openSecretStore,
} from "@ken-jo/agent-connector/sdk";

const root = mkdtempSync(join(tmpdir(), "ac-node-oauth-"));
const codes = new Map(); // code -> { challenge, redirectUri }
const refreshTokens = new Set();
let issued = 0;
let tokenRequests = 0;
let lastAuthQuery;

const server = createServer(async (req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  if (url.pathname === "/auth") {
    const q = url.searchParams;
    lastAuthQuery = q;
    const code = `code-${++issued}`;
    codes.set(code, { challenge: q.get("code_challenge"), redirectUri: q.get("redirect_uri") });
    res.writeHead(302, {
      location: `${q.get("redirect_uri")}?code=${code}&state=${q.get("state")}`,
    });
    return res.end();
  }
  let body = "";
  for await (const chunk of req) body += chunk;
  const form = new URLSearchParams(body);
  tokenRequests++;
  const grant = () => {
    const rt = `rt-${++issued}-${"x".repeat(30)}`;
    refreshTokens.add(rt);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({
      access_token: `at-${issued}-${"y".repeat(30)}`,
      token_type: "Bearer",
      expires_in: 600,
      refresh_token: rt,
      scope: "read",
    }));
  };
  const deny = () => {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "invalid_grant" }));
  };
  if (form.get("grant_type") === "authorization_code") {
    const entry = codes.get(form.get("code"));
    codes.delete(form.get("code"));
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (!entry || entry.challenge !== challenge || entry.redirectUri !== form.get("redirect_uri")) {
      return deny();
    }
    return grant();
  }
  if (
    form.get("grant_type") === "refresh_token" && refreshTokens.delete(form.get("refresh_token"))
  ) {
    return grant();
  }
  return deny();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;
after(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const def = {
  provider: "generic",
  clientId: "node-app",
  scopes: ["read"],
  authorizationEndpoint: `${base}/auth`,
  tokenEndpoint: `${base}/token`,
};
const common = {
  connectorId: "node-oauth",
  key: "main",
  def,
  env: {},
  secretStore: { dataRoot: root, backend: "file", env: {} },
  log: () => {},
};
const store = () =>
  openSecretStore({ connectorId: "node-oauth", dataRoot: root, backend: "file", env: {} });

test("login runs the loopback flow on Node and stores the refresh token, not in the record", async () => {
  const result = await login({
    ...common,
    openBrowser: async (url) => {
      const res = await fetch(url); // follows the redirect to the loopback listener
      assert.equal(
        await res.text().then((t) => t.includes("Signed in — you can close this window.")),
        true,
      );
    },
  });
  assert.equal(result.obtainedVia, "loopback");
  assert.equal(result.backend, "file");
  const stored = store().get("oauth.main.refresh-token");
  assert.ok(refreshTokens.has(stored));
  const record = join(root, "oauth", "node-oauth.json");
  assert.equal(statSync(record).mode & 0o777, 0o600);
  assert.ok(!readFileSync(record, "utf8").includes(stored));
});

test("getAccessToken on Node refreshes with the stored token, stores the rotated one and reuses it in memory", async () => {
  // A login stored by an earlier process: nothing cached in this one.
  const seeded = "rt-seeded-" + "z".repeat(30);
  refreshTokens.add(seeded);
  const other = { ...common, connectorId: "node-oauth-refresh" };
  openSecretStore({ ...other.secretStore, connectorId: other.connectorId })
    .set("oauth.main.refresh-token", seeded);
  const before = tokenRequests;
  const [a, b] = await Promise.all([
    getAccessToken({ ...other, interactive: "never" }),
    getAccessToken({ ...other, interactive: "never" }),
  ]);
  assert.equal(tokenRequests, before + 1, "concurrent calls share one refresh");
  assert.equal(a.accessToken, b.accessToken);
  assert.equal(a.refreshToken, undefined);
  const rotated = openSecretStore({ ...other.secretStore, connectorId: other.connectorId })
    .get("oauth.main.refresh-token");
  assert.notEqual(rotated, seeded);
  assert.ok(refreshTokens.has(rotated), "the rotated refresh token is stored");
  const c = await getAccessToken({ ...other, interactive: "never" });
  assert.equal(c.accessToken, a.accessToken);
  assert.equal(tokenRequests, before + 1, "reused from memory");
});

test("getAccessToken on Node turns a rejected refresh token into the login-required error and clears it", async () => {
  const other = { ...common, connectorId: "node-oauth-revoked" };
  const opened = openSecretStore({ ...other.secretStore, connectorId: other.connectorId });
  opened.set("oauth.main.refresh-token", "not-issued-by-the-server");
  await assert.rejects(getAccessToken({ ...other, interactive: "never" }), (error) => {
    assert.ok(error instanceof OAuthLoginRequiredError);
    assert.equal(
      error.message,
      'login "main" is not present for connector node-oauth-revoked — run `auth login main --connector-id node-oauth-revoked`',
    );
    return true;
  });
  assert.equal(opened.get("oauth.main.refresh-token"), null);
});

test("the presets load on Node: a google login keeps its quirks with declared endpoints", async () => {
  assert.deepEqual(OAUTH_PRESET_IDS, [
    "google",
    "microsoft",
    "github",
    "bing-webmaster",
    "posthog",
    "generic",
  ]);
  assert.equal(getOAuthPreset("google").tokenEndpoint, "https://oauth2.googleapis.com/token");
  const result = await login({
    ...common,
    key: "google",
    def: { ...def, provider: "google" },
    openBrowser: async (url) => {
      await (await fetch(url)).text();
    },
  });
  assert.equal(result.provider, "google");
  assert.equal(lastAuthQuery.get("access_type"), "offline");
  assert.equal(lastAuthQuery.get("prompt"), "consent");
});
