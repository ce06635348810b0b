import { test } from "node:test";
import assert from "node:assert/strict";
import { DEVICE_GRANT, deviceFlow } from "./device.ts";
import { OAuthError } from "./errors.ts";
import type { LoginTarget } from "./_login_def.ts";
import { getOAuthPreset } from "./presets.ts";

const target: LoginTarget & { deviceAuthorizationEndpoint: string } = {
  label: "idp.example",
  authorizationEndpoint: "https://idp.example/auth",
  tokenEndpoint: "https://idp.example/token",
  deviceAuthorizationEndpoint: "https://idp.example/device/code",
  pkce: true,
  tokenEndpointAuth: "none",
  viaExchange: false,
  preset: getOAuthPreset("generic"),
};

/** A provider whose token endpoint answers the scripted polls in order. */
function provider(
  polls: Array<Record<string, unknown>>,
  start: Record<string, unknown> = {},
  errorStatus = 400,
) {
  const bodies: string[] = [];
  const fetch = (url: string, init?: RequestInit) => {
    bodies.push(`${url} ${init?.body}`);
    if (url === target.deviceAuthorizationEndpoint) {
      return Promise.resolve(Response.json({
        device_code: "dev-code-secret",
        user_code: "WDJB-MJHT",
        verification_uri: "https://idp.example/device",
        expires_in: 600,
        ...start,
      }));
    }
    const next = polls.shift()!;
    return Promise.resolve(
      Response.json(next, { status: "access_token" in next ? 200 : errorStatus }),
    );
  };
  return { fetch, bodies };
}

function run(fetch: ReturnType<typeof provider>["fetch"], waits: number[], lines: string[]) {
  return deviceFlow({
    client: { clientId: "app" },
    target,
    scopes: ["a", "b"],
    call: { fetch, signal: new AbortController().signal },
    log: (l) => lines.push(l),
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
}

test("the device flow prints where to enter the code, polls at the interval and slows down by 5 s when told", async () => {
  const { fetch, bodies } = provider([
    { error: "authorization_pending" },
    { error: "slow_down" },
    { error: "authorization_pending" },
    { access_token: "at", refresh_token: "rt", expires_in: 60 },
  ], { interval: 2, verification_uri_complete: "https://idp.example/device?code=WDJB-MJHT" });
  const waits: number[] = [];
  const lines: string[] = [];
  const tokens = await run(fetch, waits, lines);
  assert.equal(tokens.refreshToken, "rt");
  assert.deepEqual(waits, [2000, 2000, 7000, 7000]);
  assert.deepEqual(lines, [
    "Visit https://idp.example/device and enter code WDJB-MJHT",
    "(or open https://idp.example/device?code=WDJB-MJHT)",
  ]);
  assert.equal(bodies[0], "https://idp.example/device/code scope=a+b&client_id=app");
  assert.equal(
    bodies[1],
    `https://idp.example/token grant_type=${
      encodeURIComponent(DEVICE_GRANT)
    }&device_code=dev-code-secret&client_id=app`,
  );
  assert.ok(!lines.join("\n").includes("dev-code-secret"));
});

test("the device flow waits 5 s between polls when the provider sends no interval", async () => {
  const { fetch } = provider([{ access_token: "at", refresh_token: "rt" }]);
  const waits: number[] = [];
  await run(fetch, waits, []);
  assert.deepEqual(waits, [5000]);
});

test("access_denied and expired_token stop the device flow with their own errors", async () => {
  const denied = provider([{ error: "authorization_pending" }, { error: "access_denied" }]);
  await assert.rejects(run(denied.fetch, [], []), (e: unknown) => {
    assert.ok(e instanceof OAuthError);
    assert.equal(e.code, "authorization");
    assert.equal(e.message, "the authorization was denied at the provider");
    return true;
  });
  const expired = provider([{ error: "expired_token" }]);
  await assert.rejects(run(expired.fetch, [], []), (e: unknown) => {
    assert.ok(e instanceof OAuthError);
    assert.equal(e.code, "timeout");
    assert.match(e.message, /device code expired/);
    return true;
  });
});

test("Microsoft's authorization_declined stops the device flow as a denial", async () => {
  const declined = provider([{ error: "authorization_declined" }]);
  await assert.rejects(run(declined.fetch, [], []), (e: unknown) => {
    assert.ok(e instanceof OAuthError);
    assert.equal(e.code, "authorization");
    assert.equal(e.error, "authorization_declined");
    return true;
  });
});

test("GitHub's polling errors answered with HTTP 200 keep the device flow polling, then stop it", async () => {
  const github = provider(
    [{ error: "authorization_pending" }, { error: "slow_down", interval: 10 }, {
      access_token: "at",
      refresh_token: "rt",
    }],
    {},
    200,
  );
  const waits: number[] = [];
  const tokens = await run(github.fetch, waits, []);
  assert.equal(tokens.accessToken, "at");
  assert.deepEqual(waits, [5000, 5000, 10000]);
  const denied = provider([{ error: "access_denied" }], {}, 200);
  await assert.rejects(run(denied.fetch, [], []), /denied at the provider/);
});
