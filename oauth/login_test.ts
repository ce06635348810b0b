/**
 * The OAuth engine against a real authorization server (oidc-provider on
 * 127.0.0.1), a headless browser, and the real Secret Service keystore the
 * secrets tests use (the file backend only where that daemon is absent).
 */
import { after, before, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  browse,
  type BrowseResult,
  CONFIDENTIAL_SECRET,
  type OAuthTestServer,
  startOAuthServer,
} from "../tests/_helpers/oauth_server.ts";
import { type SecretServiceSession, startSecretService } from "../tests/_helpers/secret_service.ts";
import { listFiles } from "../tests/_helpers/temp.ts";
import { openSecretStore } from "../secrets/store.ts";
import { SecretResolutionError } from "../secrets/errors.ts";
import type { OAuthLoginDef } from "../core/connector_types.ts";
import { getAccessToken } from "./access_token.ts";
import { login, logout } from "./login.ts";
import { loginStatus } from "./status.ts";
import { OAuthError, OAuthLoginRequiredError } from "./errors.ts";
import { loginMetadataPath, readLoginMetadata } from "./metadata.ts";
import { clearTokenCache } from "./_token_cache.ts";
import { SUCCESS_PAGE_TEXT } from "./loopback.ts";
import type { LoginOptions } from "./types.ts";

let server: OAuthTestServer;
let keyring: SecretServiceSession | undefined;
let root: string;
let ID = "oauth-test-0";
let run = 0;
const KEY = "main";

before(async () => {
  [server, keyring] = await Promise.all([startOAuthServer(), startSecretService()]);
});
after(async () => {
  await server?.stop();
  await keyring?.stop();
});
beforeEach(() => {
  clearTokenCache();
  ID = `oauth-test-${++run}`; // the keyring outlives each test's data root
  if (root) rmSync(root, { recursive: true, force: true });
  root = mkdtempSync(join(tmpdir(), "ac-"));
});
after(() => rmSync(root, { recursive: true, force: true }));

function def(extra: Partial<OAuthLoginDef> = {}): OAuthLoginDef {
  return {
    provider: "generic",
    clientId: "agent-connector",
    scopes: ["openid", "offline_access", "mcp"],
    issuer: server.issuer,
    extraAuthorizationParams: { prompt: "consent" },
    ...extra,
  };
}

function storeOptions() {
  return keyring
    ? { dataRoot: root, env: keyring.env, backend: "secret-service" as const }
    : { dataRoot: root, env: {}, backend: "file" as const };
}

function store() {
  return openSecretStore({ connectorId: ID, ...storeOptions() });
}

/** A login whose "browser" is the headless one; records what it saw. */
function harness(extra: Partial<LoginOptions> = {}) {
  const lines: string[] = [];
  const pages: Promise<BrowseResult>[] = [];
  const options: LoginOptions = {
    connectorId: ID,
    key: KEY,
    def: def(),
    env: {},
    secretStore: storeOptions(),
    log: (line) => lines.push(line),
    openBrowser: (url) => {
      pages.push(browse(url));
      return Promise.resolve();
    },
    ...extra,
  };
  return { options, lines, pages };
}

function assertNoneContain(haystacks: Array<[string, string]>, needles: string[]): void {
  for (const [where, text] of haystacks) {
    for (const needle of needles) {
      assert.ok(!text.includes(needle), `${where} contains a token, code or secret`);
    }
  }
}

function filesUnder(dir: string): Array<[string, string]> {
  return listFiles(dir).map((f) => [f, readFileSync(join(dir, f), "latin1")]);
}

test("login runs the loopback flow, stores the refresh token in the keystore and writes a 0600 record without it", async () => {
  const { options, lines, pages } = harness();
  const result = await login(options);
  const page = await pages[0];
  assert.equal(page.status, 200);
  assert.ok(page.html.includes(SUCCESS_PAGE_TEXT));
  const callback = new URL(page.url);
  assert.match(callback.href, /^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
  const code = callback.searchParams.get("code")!;
  assert.ok(code);

  assert.equal(result.key, KEY);
  assert.equal(result.provider, "generic");
  assert.equal(result.obtainedVia, "loopback");
  assert.equal(result.backend, keyring ? "secret-service" : "file");
  assert.equal(result.scope, "openid offline_access mcp");
  const refresh = store().get("oauth.main.refresh-token");
  assert.ok(refresh && refresh.length > 10);

  const path = loginMetadataPath(root, ID);
  assert.equal(statSync(path).mode & 0o777, 0o600);
  const meta = JSON.parse(readFileSync(path, "utf8"));
  assert.deepEqual(Object.keys(meta), ["version", "connectorId", "logins"]);
  assert.equal(meta.logins.main.storeAs, "oauth.main.refresh-token");
  assert.equal(meta.logins.main.obtainedVia, "loopback");

  const host = new URL(server.issuer).host;
  assert.equal(lines[0], `Opening ${host} authorization in your browser…`);
  const authUrl = new URL(lines[1]);
  assert.equal(authUrl.searchParams.get("code_challenge_method"), "S256");
  assert.equal(authUrl.searchParams.get("code_challenge")?.length, 43);
  assert.ok((authUrl.searchParams.get("state") ?? "").length >= 32);
  assert.equal(authUrl.searchParams.get("prompt"), "consent");

  const { accessToken } = await getAccessToken({ ...options, interactive: "never" });
  const secrets = [accessToken, refresh, code];
  const disk = keyring
    ? filesUnder(root)
    : filesUnder(root).filter(([f]) => !f.endsWith("file-store.json"));
  assertNoneContain(
    [...disk, ["log", lines.join("\n")], ["result", JSON.stringify(result)]],
    secrets,
  );
});

test("getAccessToken reuses the token in memory, then refreshes and stores the rotated refresh token", async () => {
  const { options } = harness();
  await login(options);
  const first = store().get("oauth.main.refresh-token");
  let calls = 0;
  const counting = (input: string, init?: RequestInit) => {
    calls++;
    return fetch(input, init);
  };
  const a = await getAccessToken({ ...options, fetch: counting, interactive: "never" });
  assert.equal(calls, 0, "the login's token is reused without a request");
  clearTokenCache();
  const [b, c] = await Promise.all([
    getAccessToken({ ...options, fetch: counting, interactive: "never" }),
    getAccessToken({ ...options, fetch: counting, interactive: "never" }),
  ]);
  assert.equal(calls, 1, "two concurrent calls share one refresh");
  assert.equal(b.accessToken, c.accessToken);
  assert.notEqual(b.accessToken, a.accessToken);
  assert.equal(b.refreshToken, undefined);
  const rotated = store().get("oauth.main.refresh-token");
  assert.ok(rotated && rotated !== first, "the rotated refresh token is stored");
  const res = await fetch(`${server.issuer}/me`, {
    headers: { authorization: `Bearer ${b.accessToken}` },
  });
  assert.equal(res.status, 200);
  await res.body?.cancel();
});

test("a refresh rejected with invalid_grant clears the stored token, keeps revokedAt, and asks for a login", async () => {
  const { options } = harness();
  await login(options);
  store().set("oauth.main.refresh-token", "not-a-real-refresh-token");
  clearTokenCache();
  await assert.rejects(
    getAccessToken({ ...options, interactive: "never" }),
    (error: unknown) => {
      assert.ok(error instanceof OAuthLoginRequiredError);
      assert.equal(
        error.message,
        `login "main" is not present for connector ${ID} — run \`auth login main --connector-id ${ID}\``,
      );
      return true;
    },
  );
  assert.equal(store().get("oauth.main.refresh-token"), null);
  assert.ok(readLoginMetadata(root, ID).logins.main.revokedAt);
});

test("getAccessToken with no stored login and interactive auto logs in when a browser can open", async () => {
  const { options, pages } = harness();
  const tokens = await getAccessToken(options);
  assert.ok(tokens.accessToken);
  assert.equal((await pages[0]).status, 200);
  assert.ok(store().get("oauth.main.refresh-token"));
});

test("getAccessToken without a login and without a browser throws the login-required error", async () => {
  await assert.rejects(
    getAccessToken({
      connectorId: ID,
      key: KEY,
      def: def(),
      env: { AGENT_CONNECTOR_BROWSER: "never" },
      secretStore: storeOptions(),
    }),
    OAuthLoginRequiredError,
  );
});

test("a redirect whose state does not match is rejected and stores nothing", async () => {
  const { options } = harness({
    openBrowser: async (url) => {
      const redirect = new URL(url).searchParams.get("redirect_uri")!;
      const res = await fetch(`${redirect}?code=forged&state=wrong`);
      assert.equal(res.status, 400);
      await res.body?.cancel();
    },
  });
  await assert.rejects(login(options), (error: unknown) => {
    assert.ok(error instanceof OAuthError);
    assert.equal(error.code, "authorization");
    assert.match(error.message, /state does not match/);
    return true;
  });
  assert.equal(store().get("oauth.main.refresh-token"), null);
  assert.deepEqual(readLoginMetadata(root, ID).logins, {});
});

test("a provider's access_denied redirect fails the login with the provider's error", async () => {
  const { options } = harness({
    openBrowser: async (url) => {
      const q = new URL(url).searchParams;
      const res = await fetch(
        `${q.get("redirect_uri")}?error=access_denied&error_description=user+said+no&state=${
          q.get("state")
        }`,
      );
      await res.body?.cancel();
    },
  });
  await assert.rejects(login(options), (error: unknown) => {
    assert.ok(error instanceof OAuthError);
    assert.equal(error.code, "provider");
    assert.equal(error.error, "access_denied");
    assert.match(error.message, /access_denied: user said no/);
    return true;
  });
});

test("a login nobody completes times out with a timeout error", async () => {
  const { options } = harness({ openBrowser: () => Promise.resolve(), loginTimeoutMs: 300 });
  await assert.rejects(login(options), (error: unknown) => {
    assert.ok(error instanceof OAuthError);
    assert.equal(error.code, "timeout");
    assert.match(error.message, /not completed within/);
    return true;
  });
});

test("with AGENT_CONNECTOR_BROWSER=never the loopback login prints the URL instead of opening a browser", async () => {
  const lines: string[] = [];
  const pending = login({
    connectorId: ID,
    key: KEY,
    def: def(),
    flow: "loopback",
    loginTimeoutMs: 20_000,
    env: { AGENT_CONNECTOR_BROWSER: "never" },
    secretStore: storeOptions(),
    log: (line) => {
      lines.push(line);
      const url = line.match(/^Authorize .* at: (.*)$/)?.[1];
      if (url) void browse(url);
    },
  });
  const result = await pending;
  assert.equal(result.obtainedVia, "loopback");
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^Authorize 127\.0\.0\.1:\d+ at: http:\/\/127\.0\.0\.1:\d+\/auth\?/);
});

test("a confidential client reads its secret from the keystore and never prints it", async () => {
  const confidential = def({
    clientId: "confidential-app",
    clientSecret: "${secret:app-secret}",
  });
  const { options, lines } = harness({ def: confidential });
  await assert.rejects(login(options), (error: unknown) => {
    assert.ok(error instanceof SecretResolutionError);
    assert.deepEqual(error.missing, ["app-secret"]);
    assert.match(error.message, /\(oauth\.main\.clientSecret\)\.$/);
    return true;
  });
  store().set("app-secret", CONFIDENTIAL_SECRET);
  const result = await login(options);
  assert.equal(result.provider, "generic");
  clearTokenCache();
  const { accessToken } = await getAccessToken({ ...options, interactive: "never" });
  assert.ok(accessToken);
  assertNoneContain([...filesUnder(root).filter(([f]) => !f.endsWith("file-store.json")), [
    "log",
    lines.join("\n"),
  ]], [CONFIDENTIAL_SECRET]);
});

test("logout revokes at the discovered revocation endpoint and removes the token and the record", async () => {
  const { options } = harness();
  await login(options);
  const refresh = store().get("oauth.main.refresh-token")!;
  const out = await logout(options);
  assert.deepEqual(out, { removed: true, revoked: true });
  assert.equal(store().get("oauth.main.refresh-token"), null);
  assert.deepEqual(readLoginMetadata(root, ID).logins, {});
  const res = await fetch(`${server.issuer}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refresh,
      client_id: "agent-connector",
    }),
  });
  assert.equal(
    (await res.json()).error,
    "invalid_grant",
    "the provider no longer honours the token",
  );
  assert.deepEqual(await logout(options), { removed: false, revoked: false });
});

test("loginStatus reports stored logins from the keystore and the record, with no network", async () => {
  const { options } = harness();
  await login(options);
  const rows = loginStatus({
    connectorId: ID,
    logins: { main: def(), other: def({ storeAs: "other-token" }) },
    secretStore: storeOptions(),
    env: {},
  });
  assert.equal(rows.length, 2);
  assert.equal(rows[0].present, true);
  assert.equal(rows[0].obtainedVia, "loopback");
  assert.ok(rows[0].obtainedAt);
  assert.deepEqual(rows[1], { key: "other", provider: "generic", present: false });
});

/** Speeds the device flow up: the server sends no interval (RFC 8628 default 5 s). */
const fastDevice = (input: string, init?: RequestInit) =>
  fetch(input, init).then(async (res) => {
    if (!input.endsWith("/device/auth") || res.status !== 200) return res;
    return Response.json({ ...(await res.json()), interval: 0.05 });
  });

test("without a browser, auto runs the device flow: the user approves at the printed URL and the token is stored", async () => {
  const lines: string[] = [];
  const pages: Promise<BrowseResult>[] = [];
  const result = await login({
    connectorId: ID,
    key: KEY,
    def: def(),
    env: { AGENT_CONNECTOR_BROWSER: "never" },
    secretStore: storeOptions(),
    fetch: fastDevice,
    loginTimeoutMs: 20_000,
    log: (line) => {
      lines.push(line);
      const complete = line.match(/^\(or open (\S+)\)$/)?.[1];
      if (complete) pages.push(browse(complete));
    },
  });
  assert.equal(result.obtainedVia, "device");
  assert.match(
    lines[0],
    new RegExp(`^Visit ${server.issuer}/device and enter code [A-Z]{4}-[A-Z]{4}$`),
  );
  assert.match((await pages[0]).html, /Sign-in Success/);
  assert.ok(store().get("oauth.main.refresh-token"));
  assert.equal(readLoginMetadata(root, ID).logins.main.obtainedVia, "device");
});

test("a device flow nobody approves stops at the login timeout", async () => {
  await assert.rejects(
    login({
      connectorId: ID,
      key: KEY,
      def: def({ flow: "device" }),
      env: {},
      secretStore: storeOptions(),
      fetch: fastDevice,
      loginTimeoutMs: 400,
      log: () => {},
    }),
    (error: unknown) => {
      assert.ok(error instanceof OAuthError);
      assert.equal(error.code, "timeout");
      assert.equal(error.message, "the login was not completed within 0.4 s");
      return true;
    },
  );
});

test("with tokenExchangeUrl every token request goes to the exchange service with client_id and never a client secret", async () => {
  const { createServer } = await import("node:http");
  const seen: string[] = [];
  const exchange = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    seen.push(body);
    const form = new URLSearchParams(body);
    form.set("client_secret", CONFIDENTIAL_SECRET); // the service holds the secret
    const upstream = await fetch(`${server.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(await upstream.text());
  });
  await new Promise<void>((r) => exchange.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(exchange.address() as { port: number }).port}/exchange`;
  try {
    const { options, lines } = harness({
      def: def({ clientId: "confidential-app", tokenExchangeUrl: url }),
    });
    await login(options);
    assert.equal(
      lines[0],
      `Tokens are exchanged through ${url} (the connector's token exchange service)`,
    );
    clearTokenCache();
    const { accessToken } = await getAccessToken({ ...options, interactive: "never" });
    assert.ok(accessToken);
    assert.deepEqual(
      seen.map((b) => new URLSearchParams(b).get("grant_type")),
      ["authorization_code", "refresh_token"],
    );
    for (const body of seen) {
      const form = new URLSearchParams(body);
      assert.equal(form.get("client_id"), "confidential-app");
      assert.equal(form.has("client_secret"), false);
    }
  } finally {
    exchange.close();
  }
});

test("a login whose token response carries no refresh token fails with the hint and stores nothing", async () => {
  const { options } = harness({ def: def({ scopes: ["openid"] }) });
  await assert.rejects(login(options), (error: unknown) => {
    assert.ok(error instanceof OAuthError);
    assert.equal(error.code, "token");
    assert.equal(
      error.message,
      "the provider returned no refresh token — request the provider's offline scope (offline_access for OpenID Connect servers)",
    );
    return true;
  });
  assert.equal(store().get("oauth.main.refresh-token"), null);
  assert.deepEqual(readLoginMetadata(root, ID).logins, {});
});

test("a redirect naming another issuer (RFC 9207 iss) is rejected", async () => {
  const { options } = harness({
    openBrowser: async (url) => {
      const q = new URL(url).searchParams;
      const res = await fetch(
        `${q.get("redirect_uri")}?code=x&state=${q.get("state")}&iss=${
          encodeURIComponent("https://evil.example")
        }`,
      );
      await res.body?.cancel();
    },
  });
  await assert.rejects(login(options), /came from issuer "https:\/\/evil\.example"/);
});

test("getAccessToken with interactive always and no browser logs in again through the device flow, even with a stored token", async () => {
  const { options } = harness();
  await login(options);
  const before = store().get("oauth.main.refresh-token");
  const lines: string[] = [];
  const pages: Promise<BrowseResult>[] = [];
  const tokens = await getAccessToken({
    connectorId: ID,
    key: KEY,
    def: def(),
    interactive: "always",
    env: { AGENT_CONNECTOR_BROWSER: "never" },
    secretStore: storeOptions(),
    fetch: fastDevice,
    log: (line) => {
      lines.push(line);
      const complete = line.match(/^\(or open (\S+)\)$/)?.[1];
      if (complete) pages.push(browse(complete));
    },
  });
  assert.ok(tokens.accessToken);
  assert.equal(tokens.refreshToken, undefined);
  await Promise.all(pages);
  assert.match(lines[0], /^Visit .* and enter code /);
  assert.equal(readLoginMetadata(root, ID).logins.main.obtainedVia, "device");
  assert.notEqual(store().get("oauth.main.refresh-token"), before);
});
