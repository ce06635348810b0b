import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import type { OAuthLoginDef } from "../core/connector_types.ts";
import { labelOf, presetOf, resolveTarget } from "./_login_def.ts";
import { OAuthError } from "./errors.ts";
import { getOAuthPreset, OAUTH_PRESET_IDS } from "./presets.ts";

test("OAUTH_PRESET_IDS lists the spec's presets in order, the same list defineConnector accepts", () => {
  assert.deepEqual(OAUTH_PRESET_IDS, [
    "google",
    "microsoft",
    "github",
    "bing-webmaster",
    "posthog",
    "generic",
  ]);
  assert.ok(Object.isFrozen(OAUTH_PRESET_IDS));
});

test("every preset names its documentation, the date it was checked and only https endpoints", () => {
  for (const id of OAUTH_PRESET_IDS) {
    const p = getOAuthPreset(id);
    assert.equal(p.id, id);
    assert.match(p.docsUrl, /^https:\/\//, id);
    assert.match(p.verifiedOn, /^\d{4}-\d{2}-\d{2}$/, id);
    for (
      const url of [
        p.issuer,
        p.authorizationEndpoint,
        p.tokenEndpoint,
        p.deviceAuthorizationEndpoint,
        p.revocationEndpoint,
      ]
    ) {
      if (url !== undefined) assert.equal(new URL(url).protocol, "https:", `${id}: ${url}`);
    }
  }
});

test("google resolves to its documented endpoints, adds offline access and consent, and never auto-falls back to the device grant", () => {
  const g = getOAuthPreset("google");
  assert.equal(g.label, "Google");
  assert.equal(g.authorizationEndpoint, "https://accounts.google.com/o/oauth2/v2/auth");
  assert.equal(g.tokenEndpoint, "https://oauth2.googleapis.com/token");
  assert.equal(g.deviceAuthorizationEndpoint, "https://oauth2.googleapis.com/device/code");
  assert.equal(g.revocationEndpoint, "https://oauth2.googleapis.com/revoke");
  assert.deepEqual(g.extraAuthorizationParams, { access_type: "offline", prompt: "consent" });
  assert.equal(g.pkce, true);
  assert.equal(g.deviceFlow, true);
  assert.equal(g.autoDevice, false);
  assert.deepEqual(g.flows, ["loopback"]);
  assert.match(g.noRefreshTokenHint, /access_type=offline and prompt=consent/);
});

test("microsoft puts options.tenant in every endpoint path, common by default", () => {
  const common = getOAuthPreset("microsoft");
  assert.equal(
    common.authorizationEndpoint,
    "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
  );
  assert.equal(common.tokenEndpoint, "https://login.microsoftonline.com/common/oauth2/v2.0/token");
  assert.equal(
    common.deviceAuthorizationEndpoint,
    "https://login.microsoftonline.com/common/oauth2/v2.0/devicecode",
  );
  assert.equal(common.revocationEndpoint, undefined);
  const contoso = getOAuthPreset("microsoft", { tenant: "contoso.onmicrosoft.com" });
  assert.equal(
    contoso.tokenEndpoint,
    "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token",
  );
  assert.equal(
    getOAuthPreset("microsoft", { tenant: "a/b" }).tokenEndpoint,
    "https://login.microsoftonline.com/a%2Fb/oauth2/v2.0/token",
    "a tenant cannot change the path",
  );
  assert.deepEqual(contoso.flows, ["loopback", "device"]);
  assert.equal(contoso.autoDevice, true);
  assert.match(contoso.noRefreshTokenHint, /offline_access/);
});

test("github asks for JSON token responses, supports the device flow and treats bad_refresh_token as a dead refresh token", () => {
  const gh = getOAuthPreset("github");
  assert.equal(gh.authorizationEndpoint, "https://github.com/login/oauth/authorize");
  assert.equal(gh.tokenEndpoint, "https://github.com/login/oauth/access_token");
  assert.equal(gh.deviceAuthorizationEndpoint, "https://github.com/login/device/code");
  assert.deepEqual(gh.tokenRequestHeaders, { accept: "application/json" });
  assert.deepEqual(gh.refreshRejectedErrors, ["bad_refresh_token"]);
  assert.equal(gh.autoDevice, true);
  assert.match(gh.noRefreshTokenHint, /expiring user access tokens.*offline_access/);
});

test("bing-webmaster has no PKCE, no state in its response and needs a fixed redirect port", () => {
  const b = getOAuthPreset("bing-webmaster");
  assert.equal(b.authorizationEndpoint, "https://www.bing.com/webmasters/oauth/authorize");
  assert.equal(b.tokenEndpoint, "https://www.bing.com/webmasters/oauth/token");
  assert.equal(b.pkce, false);
  assert.equal(b.stateInResponse, false);
  assert.equal(b.requiresRedirectPort, true);
  assert.equal(b.deviceFlow, false);
  assert.deepEqual(b.flows, ["loopback"]);
});

test("posthog pins us or eu by options.region and uses the region-agnostic issuer otherwise", () => {
  assert.equal(getOAuthPreset("posthog", { region: "us" }).issuer, "https://us.posthog.com");
  assert.equal(getOAuthPreset("posthog", { region: "eu" }).issuer, "https://eu.posthog.com");
  assert.equal(getOAuthPreset("posthog").issuer, "https://oauth.posthog.com");
  const p = getOAuthPreset("posthog");
  assert.equal(p.pkce, true);
  assert.equal(p.deviceFlow, false);
  assert.equal(p.authorizationEndpoint, undefined, "endpoints come from discovery");
});

test("getOAuthPreset throws a config error for an unknown id and hands out copies", () => {
  assert.throws(() => getOAuthPreset("okta"), (error: unknown) => {
    assert.ok(error instanceof OAuthError);
    assert.equal(error.code, "config");
    assert.match(error.message, /"okta" is not a known OAuth preset \(google, microsoft/);
    return true;
  });
  assert.throws(() => getOAuthPreset("toString"), OAuthError);
  const a = getOAuthPreset("google");
  (a.extraAuthorizationParams as Record<string, string>).prompt = "none";
  assert.equal(getOAuthPreset("google").extraAuthorizationParams.prompt, "consent");
});

function login(extra: Partial<OAuthLoginDef>): OAuthLoginDef {
  return { provider: "generic", clientId: "app", scopes: ["s"], ...extra } as OAuthLoginDef;
}

test("a defined preset login resolves to the preset's endpoints without touching the network", async () => {
  const c = defineConnector({
    id: "presets-demo",
    server: { transport: "stdio", command: "node" },
    oauth: {
      search: {
        provider: "google",
        clientId: "app.apps.googleusercontent.com",
        clientSecret: "not-confidential",
        scopes: ["https://www.googleapis.com/auth/webmasters.readonly"],
      },
      graph: {
        provider: "microsoft",
        clientId: "00000000-0000-0000-0000-000000000000",
        scopes: ["offline_access", "User.Read"],
        options: { tenant: "organizations" },
      },
      bing: {
        provider: "bing-webmaster",
        clientId: "bing-app",
        tokenExchangeUrl: "https://exchange.example.com/bing",
        scopes: ["webmaster.manage"],
        redirectPort: 8765,
        redirectPath: "/callback.html",
      },
    },
  });
  const noNetwork = () => Promise.reject(new Error("no network in this test"));
  const google = await resolveTarget(c.oauth.search, { fetch: noNetwork });
  assert.equal(google.authorizationEndpoint, "https://accounts.google.com/o/oauth2/v2/auth");
  assert.equal(google.tokenEndpoint, "https://oauth2.googleapis.com/token");
  assert.equal(google.revocationEndpoint, "https://oauth2.googleapis.com/revoke");
  assert.equal(google.tokenEndpointAuth, "client_secret_post");
  assert.equal(google.label, "Google");
  const graph = await resolveTarget(c.oauth.graph, { fetch: noNetwork }, { device: true });
  assert.equal(
    graph.deviceAuthorizationEndpoint,
    "https://login.microsoftonline.com/organizations/oauth2/v2.0/devicecode",
  );
  assert.equal(graph.tokenEndpointAuth, "none");
  const bing = await resolveTarget(c.oauth.bing, { fetch: noNetwork });
  assert.equal(bing.tokenEndpoint, "https://exchange.example.com/bing");
  assert.equal(bing.authorizationEndpoint, "https://www.bing.com/webmasters/oauth/authorize");
  assert.equal(bing.pkce, false);
  assert.equal(labelOf(c.oauth.bing), "Bing Webmaster Tools");
});

test("a login's issuer replaces the preset's endpoints and its declared endpoints win, while the quirks stay", async () => {
  const seen: string[] = [];
  const fetch = (url: string) => {
    seen.push(url);
    return Promise.resolve(Response.json({
      issuer: "https://idp.example.com",
      authorization_endpoint: "https://idp.example.com/authorize",
      token_endpoint: "https://idp.example.com/token",
    }));
  };
  const def = login({ provider: "google", issuer: "https://idp.example.com" });
  const target = await resolveTarget(def, { fetch });
  assert.equal(target.authorizationEndpoint, "https://idp.example.com/authorize");
  assert.equal(target.tokenEndpoint, "https://idp.example.com/token");
  assert.equal(target.revocationEndpoint, undefined, "not google's revocation endpoint");
  assert.deepEqual(target.preset.extraAuthorizationParams, {
    access_type: "offline",
    prompt: "consent",
  });
  assert.equal(seen.length, 1);
  const declared = await resolveTarget(
    login({ provider: "github", tokenEndpoint: "https://proxy.example.com/token" }),
    { fetch },
  );
  assert.equal(declared.tokenEndpoint, "https://proxy.example.com/token");
  assert.equal(declared.authorizationEndpoint, "https://github.com/login/oauth/authorize");
  assert.equal(seen.length, 1, "a preset with endpoints needs no discovery");
});

test("presetOf applies a login's options", () => {
  assert.equal(
    presetOf(login({ provider: "posthog", options: { region: "eu" } })).issuer,
    "https://eu.posthog.com",
  );
});
