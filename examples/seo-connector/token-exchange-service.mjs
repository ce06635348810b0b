#!/usr/bin/env node
// The developer-hosted token exchange service of spec §2.2: the connector
// sends every token request (authorization code, refresh, device code) here
// with its client_id and no secret; this service adds the client secret it
// alone holds and forwards the form to the provider's token endpoint, then
// returns the provider's status and body unchanged. One provider, one client
// id: it is not a public relay. Run it behind https in production.
//
//   TOKEN_ENDPOINT=https://www.bing.com/webmasters/oauth/token \
//   CLIENT_ID=… CLIENT_SECRET=… [CLIENT_AUTH=post|basic] [PORT=8787] \
//   node token-exchange-service.mjs
//
// It never logs a request or response body: they carry codes and tokens.
import { createServer } from "node:http";
import process from "node:process";

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** The parameters forwarded for each accepted grant, besides client_id. */
const GRANTS = {
  authorization_code: ["code", "redirect_uri", "code_verifier"],
  refresh_token: ["refresh_token"],
  [DEVICE_GRANT]: ["device_code"],
};

const MAX_BODY = 16 * 1024;

/**
 * Creates the service (not listening yet).
 * @param {{ tokenEndpoint: string, clientId: string, clientSecret: string,
 *   clientAuth?: "post" | "basic", perMinute?: number, fetch?: typeof fetch }} config
 */
export function createTokenExchangeService(config) {
  const doFetch = config.fetch ?? fetch;
  const perMinute = config.perMinute ?? 60;
  let windowStart = Date.now();
  let used = 0;

  const answer = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  const invalid = (res) => answer(res, 400, { error: "invalid_request" });

  return createServer(async (req, res) => {
    if (req.method !== "POST") return answer(res, 405, { error: "invalid_request" });
    // Every inbound request becomes one client-authenticated request upstream.
    if (Date.now() - windowStart >= 60_000) [windowStart, used] = [Date.now(), 0];
    if (++used > perMinute) return answer(res, 429, { error: "slow_down" });

    let text = "";
    for await (const chunk of req) {
      text += chunk;
      if (text.length > MAX_BODY) return invalid(res);
    }
    const form = new URLSearchParams(text);
    const names = [...form.keys()];
    if (new Set(names).size !== names.length) return invalid(res); // RFC 6749 §3.2
    const accepted = GRANTS[form.get("grant_type") ?? ""];
    if (!accepted || form.get("client_id") !== config.clientId) return invalid(res);

    const upstream = new URLSearchParams({ grant_type: form.get("grant_type") });
    for (const name of accepted) if (form.has(name)) upstream.set(name, form.get(name));
    upstream.set("client_id", config.clientId);
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      accept: req.headers.accept ?? "application/json",
    };
    if (config.clientAuth === "basic") {
      const pair = `${encodeURIComponent(config.clientId)}:${
        encodeURIComponent(config.clientSecret)
      }`;
      headers.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
    } else {
      upstream.set("client_secret", config.clientSecret);
    }

    let response;
    try {
      response = await doFetch(config.tokenEndpoint, {
        method: "POST",
        headers,
        body: upstream,
        redirect: "manual", // never re-send a client secret to wherever a redirect points
      });
    } catch {
      return answer(res, 502, { error: "temporarily_unavailable" });
    }
    const body = await response.text();
    res.writeHead(response.status, {
      "content-type": response.headers.get("content-type") ?? "application/json",
      "cache-control": "no-store",
    });
    res.end(body);
  });
}

if (import.meta.main ?? process.argv[1] === new URL(import.meta.url).pathname) {
  const need = (name) => {
    const value = process.env[name];
    if (!value) {
      process.stderr.write(`token-exchange-service: set ${name}\n`);
      process.exit(2);
    }
    return value;
  };
  const service = createTokenExchangeService({
    tokenEndpoint: need("TOKEN_ENDPOINT"),
    clientId: need("CLIENT_ID"),
    clientSecret: need("CLIENT_SECRET"),
    clientAuth: process.env.CLIENT_AUTH === "basic" ? "basic" : "post",
    perMinute: Number(process.env.PER_MINUTE ?? 60),
  });
  const port = Number(process.env.PORT ?? 8787);
  service.listen(port, process.env.HOST ?? "127.0.0.1", () => {
    // The one line a supervisor (or a test) waits for; never a body.
    process.stdout.write(`${JSON.stringify({ port: service.address().port })}\n`);
  });
}
