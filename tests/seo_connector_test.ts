/**
 * examples/seo-connector: its token exchange service keeps the wire contract
 * of spec §2.2 against a real authorization server on 127.0.0.1 (a full login
 * and a refresh through the engine, the client secret added only by the
 * service), and refuses what the contract says to refuse.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  browse,
  CONFIDENTIAL_SECRET,
  type OAuthTestServer,
  startOAuthServer,
} from "./_helpers/oauth_server.ts";
import { login } from "../oauth/login.ts";
import { getAccessToken } from "../oauth/access_token.ts";
import { clearTokenCache } from "../oauth/_token_cache.ts";
// @ts-types="./_helpers/token_exchange_service.d.ts"
import { createTokenExchangeService } from "../examples/seo-connector/token-exchange-service.mjs";

let oauth: OAuthTestServer;
const servers: Server[] = [];
const roots: string[] = [];

before(async () => {
  oauth = await startOAuthServer();
});
after(async () => {
  for (const s of servers) s.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  await oauth?.stop();
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/token`;
}

function service(tokenEndpoint: string, extra: Record<string, unknown> = {}) {
  return listen(createTokenExchangeService({
    tokenEndpoint,
    clientId: "confidential-app",
    clientSecret: CONFIDENTIAL_SECRET,
    ...extra,
  }));
}

const post = (url: string, body: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

test("a login and a refresh go through the example's exchange service, which alone adds the secret", async () => {
  const url = await service(`${oauth.issuer}/token`);
  const root = mkdtempSync(join(tmpdir(), "ac-seo-"));
  roots.push(root);
  const options = {
    connectorId: "seo",
    key: "bing",
    def: {
      provider: "generic" as const,
      clientId: "confidential-app",
      tokenExchangeUrl: url,
      scopes: ["openid", "offline_access", "mcp"],
      issuer: oauth.issuer,
      extraAuthorizationParams: { prompt: "consent" },
    },
    env: {},
    secretStore: { dataRoot: root, env: {}, backend: "file" as const },
    log: () => {},
    openBrowser: (u: string) => {
      void browse(u);
      return Promise.resolve();
    },
  };
  // confidential-app must authenticate with its secret, which only the
  // service knows: both grants succeed only if the service added it.
  await login(options);
  clearTokenCache();
  const { accessToken } = await getAccessToken({ ...options, interactive: "never" });
  assert.ok(accessToken);
});

test("the service refuses another client, other grants, repeated parameters and a GET", async () => {
  const url = await service(`${oauth.issuer}/token`);
  const refused = [
    "grant_type=refresh_token&refresh_token=x&client_id=someone-else",
    "grant_type=client_credentials&client_id=confidential-app",
    "grant_type=refresh_token&refresh_token=x&refresh_token=y&client_id=confidential-app",
  ];
  for (const body of refused) {
    const response = await post(url, body);
    assert.equal(response.status, 400, body);
    assert.deepEqual(await response.json(), { error: "invalid_request" });
  }
  assert.equal((await fetch(url)).status, 405);
});

test("the service forwards only the grant's own parameters, adds the secret, follows no redirect", async () => {
  const seen: { form: URLSearchParams; authorization?: string }[] = [];
  const provider = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    seen.push({ form: new URLSearchParams(body), authorization: req.headers.authorization });
    if (seen.length === 3) {
      res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" });
      return res.end();
    }
    res.writeHead(400, { "content-type": "application/json" });
    res.end('{"error":"invalid_grant"}');
  });
  const upstream = await listen(provider);
  const post_ = await service(upstream);
  const basic = await service(upstream, { clientAuth: "basic" });

  const answer = await post(
    post_,
    "grant_type=authorization_code&code=c&redirect_uri=r&code_verifier=v&client_id=confidential-app&scope=admin&client_secret=guess",
  );
  assert.equal(answer.status, 400, "the provider's status comes back unchanged");
  assert.deepEqual(await answer.json(), { error: "invalid_grant" });
  assert.deepEqual([...seen[0].form.keys()].sort(), [
    "client_id",
    "client_secret",
    "code",
    "code_verifier",
    "grant_type",
    "redirect_uri",
  ]);
  assert.equal(seen[0].form.get("client_secret"), CONFIDENTIAL_SECRET);

  await post(basic, "grant_type=refresh_token&refresh_token=t&client_id=confidential-app");
  assert.equal(seen[1].form.has("client_secret"), false);
  assert.equal(
    seen[1].authorization,
    `Basic ${btoa(`confidential-app:${CONFIDENTIAL_SECRET}`)}`,
  );

  const redirected = await post(
    post_,
    "grant_type=refresh_token&refresh_token=t&client_id=confidential-app",
  );
  assert.equal(redirected.status, 302);
  assert.equal(seen.length, 3, "the redirect was not followed");
});
