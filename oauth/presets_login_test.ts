/**
 * The named presets on the wire: each login points its `issuer` (or one
 * endpoint) at the real authorization server on 127.0.0.1 (oidc-provider),
 * which the spec allows, so the preset's quirks — google's extra parameters,
 * github's token headers and HTTP-200 errors, bing's fixed port and missing
 * `state` — are exercised against a real server, not only in a unit test.
 */
import { after, before, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createNetServer } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  browse,
  type BrowseResult,
  CONFIDENTIAL_SECRET,
  type OAuthTestServer,
  startOAuthServer,
} from "../tests/_helpers/oauth_server.ts";
import { listFiles } from "../tests/_helpers/temp.ts";
import { openSecretStore } from "../secrets/store.ts";
import type { OAuthLoginDef } from "../core/connector_types.ts";
import { getAccessToken } from "./access_token.ts";
import { login } from "./login.ts";
import { OAuthError, OAuthLoginRequiredError } from "./errors.ts";
import { readLoginMetadata } from "./metadata.ts";
import { clearTokenCache } from "./_token_cache.ts";
import type { LoginOptions } from "./types.ts";

let server: OAuthTestServer;
let root: string;
let ID = "preset-test-0";
let run = 0;

before(async () => {
  server = await startOAuthServer();
});
after(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  clearTokenCache();
  ID = `preset-test-${++run}`;
  if (root) rmSync(root, { recursive: true, force: true });
  root = mkdtempSync(join(tmpdir(), "ac-"));
});

const storeOptions = () => ({ dataRoot: root, env: {}, backend: "file" as const });
const store = () => openSecretStore({ connectorId: ID, ...storeOptions() });

interface Seen {
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A recording hop in front of the server's token endpoint; `answer` may
 * replace the server's reply (a provider quirk).
 */
async function tokenProxy(
  answer?: (form: URLSearchParams) => { status: number; body: unknown } | undefined,
) {
  const seen: Seen[] = [];
  const proxy = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    seen.push({ headers: req.headers, form });
    const replaced = answer?.(form);
    if (replaced) {
      res.writeHead(replaced.status, { "content-type": "application/json" });
      res.end(JSON.stringify(replaced.body));
      return;
    }
    const upstream = await fetch(`${server.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(await upstream.text());
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}/token`;
  return { url, seen, close: () => proxy.close() };
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

function options(def: OAuthLoginDef, extra: Partial<LoginOptions> = {}) {
  const lines: string[] = [];
  const pages: Promise<BrowseResult>[] = [];
  const opts: LoginOptions = {
    connectorId: ID,
    key: "main",
    def,
    env: {},
    secretStore: storeOptions(),
    log: (line) => lines.push(line),
    openBrowser: (url) => {
      pages.push(browse(url));
      return Promise.resolve();
    },
    ...extra,
  };
  return { opts, lines, pages };
}

function assertNoSecretsOnDisk(needles: string[]): void {
  for (const f of listFiles(root).filter((f) => !f.endsWith("file-store.json"))) {
    const text = readFileSync(join(root, f), "latin1");
    for (const needle of needles) assert.ok(!text.includes(needle), `${f} holds a secret`);
  }
}

test("google: the authorization request carries access_type=offline and prompt=consent, and the literal client secret goes in the token form", async () => {
  const proxy = await tokenProxy();
  try {
    const { opts, lines, pages } = options({
      provider: "google",
      clientId: "confidential-app",
      clientSecret: CONFIDENTIAL_SECRET,
      scopes: ["openid", "offline_access", "mcp"],
      issuer: server.issuer,
      tokenEndpoint: proxy.url,
    });
    const result = await login(opts);
    assert.equal(result.provider, "google");
    assert.equal((await pages[0]).status, 200);
    assert.equal(lines[0], "Opening Google authorization in your browser…");
    const q = new URL(lines[1]).searchParams;
    assert.equal(q.get("access_type"), "offline");
    assert.equal(q.get("prompt"), "consent");
    assert.equal(q.get("code_challenge_method"), "S256");
    assert.equal(proxy.seen.length, 1);
    assert.equal(proxy.seen[0].form.get("grant_type"), "authorization_code");
    assert.equal(proxy.seen[0].form.get("client_secret"), CONFIDENTIAL_SECRET);
    const refresh = store().get("oauth.main.refresh-token")!;
    assert.ok(refresh);
    clearTokenCache();
    const { accessToken } = await getAccessToken({ ...opts, interactive: "never" });
    assert.ok(accessToken);
    assertNoSecretsOnDisk([CONFIDENTIAL_SECRET, accessToken, refresh]);
    assert.ok(!lines.join("\n").includes(CONFIDENTIAL_SECRET));
  } finally {
    proxy.close();
  }
});

test("google: flow auto without a browser prints the URL and runs the loopback flow, never the device grant", async () => {
  let deviceCalls = 0;
  const lines: string[] = [];
  const result = await login({
    connectorId: ID,
    key: "main",
    def: {
      provider: "google",
      clientId: "agent-connector",
      scopes: ["openid", "offline_access", "mcp"],
      issuer: server.issuer,
    },
    env: { AGENT_CONNECTOR_BROWSER: "never" },
    secretStore: storeOptions(),
    loginTimeoutMs: 20_000,
    fetch: (input, init) => {
      if (input.includes("/device/")) deviceCalls++;
      return fetch(input, init);
    },
    log: (line) => {
      lines.push(line);
      const url = line.match(/^Authorize Google at: (.*)$/)?.[1];
      if (url) void browse(url);
    },
  });
  assert.equal(result.obtainedVia, "loopback");
  assert.equal(deviceCalls, 0);
  assert.match(lines[0], /^Authorize Google at: http:\/\/127\.0\.0\.1:\d+\/auth\?/);
});

test("github: token requests carry accept: application/json, and a refresh refused with HTTP 200 bad_refresh_token clears the stored token", async () => {
  let refuse = false;
  const proxy = await tokenProxy((form) =>
    refuse && form.get("grant_type") === "refresh_token"
      ? { status: 200, body: { error: "bad_refresh_token", error_description: "expired" } }
      : undefined
  );
  try {
    const { opts } = options({
      provider: "github",
      clientId: "agent-connector",
      scopes: ["openid", "offline_access", "mcp"],
      issuer: server.issuer,
      tokenEndpoint: proxy.url,
      extraAuthorizationParams: { prompt: "consent" },
    });
    await login(opts);
    assert.equal(proxy.seen[0].headers.accept, "application/json");
    refuse = true;
    clearTokenCache();
    await assert.rejects(
      getAccessToken({ ...opts, interactive: "never" }),
      OAuthLoginRequiredError,
    );
    assert.equal(proxy.seen[1].headers.accept, "application/json");
    assert.equal(store().get("oauth.main.refresh-token"), null);
    assert.ok(readLoginMetadata(root, ID).logins.main.revokedAt);
  } finally {
    proxy.close();
  }
});

test("bing-webmaster: a fixed redirect port and a dotted path, no PKCE, and a redirect without state is accepted", async () => {
  const port = await freePort();
  store().set("bing-secret", CONFIDENTIAL_SECRET);
  let callback = "";
  const { opts, lines, pages } = options(
    {
      provider: "bing-webmaster",
      clientId: "confidential-app",
      clientSecret: "${secret:bing-secret}",
      scopes: ["openid", "offline_access", "mcp"],
      issuer: server.issuer,
      redirectPort: port,
      redirectPath: "/callback.html",
      extraAuthorizationParams: { prompt: "consent" },
    },
    {
      openBrowser: (url) => {
        pages.push(browse(url, {
          rewriteRedirect: (next) => {
            const u = new URL(next);
            if (u.port !== String(port)) return next;
            u.searchParams.delete("state"); // Bing's documented response
            callback = u.href;
            return u.href;
          },
        }));
        return Promise.resolve();
      },
    },
  );
  const result = await login(opts);
  assert.equal(result.provider, "bing-webmaster");
  assert.equal((await pages[0]).status, 200);
  assert.equal(lines[0], "Opening Bing Webmaster Tools authorization in your browser…");
  const q = new URL(lines[1]).searchParams;
  assert.equal(q.get("redirect_uri"), `http://127.0.0.1:${port}/callback.html`);
  assert.equal(q.get("code_challenge"), null, "no PKCE");
  assert.ok(callback.startsWith(`http://127.0.0.1:${port}/callback.html?code=`));
  assert.ok(!new URL(callback).searchParams.has("state"));
  assert.ok(store().get("oauth.main.refresh-token"));
});

test("bing-webmaster: a state that does come back must still match", async () => {
  const port = await freePort();
  store().set("bing-secret", CONFIDENTIAL_SECRET);
  const { opts } = options(
    {
      provider: "bing-webmaster",
      clientId: "confidential-app",
      clientSecret: "${secret:bing-secret}",
      scopes: ["openid"],
      issuer: server.issuer,
      redirectPort: port,
    },
    {
      openBrowser: async () => {
        const res = await fetch(`http://127.0.0.1:${port}/callback?code=forged&state=wrong`);
        await res.body?.cancel();
      },
    },
  );
  await assert.rejects(login(opts), /state does not match/);
});

test("a preset without a device flow refuses --device with a config error", async () => {
  const { opts } = options({
    provider: "bing-webmaster",
    clientId: "x",
    scopes: ["s"],
    redirectPort: 9,
  } as OAuthLoginDef);
  await assert.rejects(login({ ...opts, flow: "device" }), (error: unknown) => {
    assert.ok(error instanceof OAuthError);
    assert.equal(error.code, "config");
    assert.equal(
      error.message,
      'provider "bing-webmaster" (Bing Webmaster Tools) has no device flow',
    );
    return true;
  });
});

test("posthog: a public client with PKCE and no secret logs in through the region's issuer override", async () => {
  const proxy = await tokenProxy();
  try {
    const { opts, lines } = options({
      provider: "posthog",
      clientId: "agent-connector",
      scopes: ["openid", "offline_access", "mcp"],
      issuer: server.issuer,
      tokenEndpoint: proxy.url,
      options: { region: "eu" },
      extraAuthorizationParams: { prompt: "consent" },
    });
    await login(opts);
    assert.equal(lines[0], "Opening PostHog authorization in your browser…");
    assert.equal(new URL(lines[1]).searchParams.get("code_challenge_method"), "S256");
    const form = proxy.seen[0].form;
    assert.ok(form.get("code_verifier"));
    assert.equal(form.has("client_secret"), false);
  } finally {
    proxy.close();
  }
});
