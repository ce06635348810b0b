import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { clearDiscoveryCache, discoverEndpoints, discoveryUrls } from "./discovery.ts";
import { OAuthError } from "./errors.ts";

beforeEach(() => clearDiscoveryCache());

function fakeFetch(docs: Record<string, unknown>, seen: string[]) {
  return (url: string) => {
    seen.push(url);
    const doc = docs[url];
    return Promise.resolve(
      doc === undefined ? new Response("", { status: 404 }) : Response.json(doc),
    );
  };
}

test("discovery URLs insert the RFC 8414 well-known before an issuer's path and append the OIDC one", () => {
  assert.deepEqual(discoveryUrls("https://id.example.com"), [
    "https://id.example.com/.well-known/oauth-authorization-server",
    "https://id.example.com/.well-known/openid-configuration",
  ]);
  assert.deepEqual(discoveryUrls("https://id.example.com/tenant/v2/"), [
    "https://id.example.com/.well-known/oauth-authorization-server/tenant/v2",
    "https://id.example.com/tenant/v2/.well-known/openid-configuration",
  ]);
});

test("discovery falls back to the OpenID configuration and caches the result per issuer", async () => {
  const issuer = "https://id.example.com/t1";
  const seen: string[] = [];
  const fetch = fakeFetch({
    "https://id.example.com/t1/.well-known/openid-configuration": {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      revocation_endpoint: `${issuer}/revoke`,
      code_challenge_methods_supported: ["S256"],
    },
  }, seen);
  const found = await discoverEndpoints(issuer, { fetch });
  assert.deepEqual(found, {
    issuer,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    revocationEndpoint: `${issuer}/revoke`,
    codeChallengeMethodsSupported: ["S256"],
  });
  await discoverEndpoints(issuer, { fetch });
  assert.equal(seen.length, 2, "RFC 8414 tried first, then OIDC, then the cache");
});

test("a discovery document naming another issuer is rejected, and the failure is not cached", async () => {
  const issuer = "https://id.example.com";
  const docs: Record<string, unknown> = {
    "https://id.example.com/.well-known/oauth-authorization-server": {
      issuer: "https://evil.example",
    },
  };
  const seen: string[] = [];
  await assert.rejects(
    discoverEndpoints(issuer, { fetch: fakeFetch(docs, seen) }),
    (e: unknown) => {
      assert.ok(e instanceof OAuthError);
      assert.equal(e.code, "discovery");
      assert.match(e.message, /names issuer "https:\/\/evil\.example"/);
      return true;
    },
  );
  docs["https://id.example.com/.well-known/oauth-authorization-server"] = {
    issuer,
    authorization_endpoint: "https://id.example.com/a",
    token_endpoint: "https://id.example.com/t",
  };
  const found = await discoverEndpoints(issuer, { fetch: fakeFetch(docs, seen) });
  assert.equal(found.tokenEndpoint, "https://id.example.com/t");
});

test("an issuer with no metadata at either URL fails with a discovery error naming both", async () => {
  await assert.rejects(
    discoverEndpoints("https://none.example", { fetch: fakeFetch({}, []) }),
    /no authorization server metadata at https:\/\/none\.example\/\.well-known\/oauth-authorization-server or/,
  );
});

test("an endpoint that never answers fails with a timeout error after the per-call limit", async () => {
  const server = createServer(() => {/* never answers */});
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await assert.rejects(discoverEndpoints(issuer, { timeoutMs: 200 }), (e: unknown) => {
      assert.ok(e instanceof OAuthError);
      assert.equal(e.code, "timeout");
      assert.equal(
        e.message,
        `the discovery document at ${issuer}/.well-known/oauth-authorization-server did not answer within 0.2 s`,
      );
      return true;
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
