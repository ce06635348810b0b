/**
 * The device authorization grant (RFC 8628): request a user code, tell the
 * user where to enter it, then poll the token endpoint honoring `interval`
 * (default 5 s) and `slow_down` (+5 s); `access_denied` and `expired_token`
 * stop it. The device code is never printed.
 *
 * @module
 */

import {
  abortReason,
  isErrorResult,
  parseTokenResponse,
  postForm,
  providerError,
} from "./_http.ts";
import { type ClientCredentials, type LoginTarget, withClientAuth } from "./_login_def.ts";
import { OAuthError } from "./errors.ts";
import type { CallOptions, LogSink, TokenSet } from "./types.ts";

/** The RFC 8628 grant type. */
export const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** Waits `ms`, or rejects when `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** The default {@link Sleep}: a timer cleared on abort. */
export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });

/** Options of {@link deviceFlow}. */
export interface DeviceFlowOptions {
  /** The app. */
  client: ClientCredentials;
  /** Endpoints; `deviceAuthorizationEndpoint` must be set. */
  target: LoginTarget & { deviceAuthorizationEndpoint: string };
  /** Requested scopes. */
  scopes: string[];
  /** HTTP options; `signal` is the whole flow's. */
  call: CallOptions & { signal: AbortSignal };
  /** Where the instructions go. */
  log: LogSink;
  /** Injected by tests. */
  sleep?: Sleep;
}

/** Runs the device grant to its tokens. */
export async function deviceFlow(options: DeviceFlowOptions): Promise<TokenSet> {
  const { client, target, call, log } = options;
  const wait = options.sleep ?? sleep;
  // The device authorization request goes to the provider, even with a token exchange service.
  const auth = withClientAuth({ scope: options.scopes.join(" ") }, client, {
    ...target,
    viaExchange: false,
  });
  const started = await postForm(
    target.deviceAuthorizationEndpoint,
    auth.params,
    "device authorization endpoint",
    { ...call, headers: auth.headers },
  );
  if (isErrorResult(started)) {
    throw providerError(
      started,
      "device authorization endpoint",
      target.deviceAuthorizationEndpoint,
    );
  }
  const b = started.body;
  const deviceCode = typeof b.device_code === "string" ? b.device_code : "";
  const userCode = typeof b.user_code === "string" ? b.user_code : "";
  // Google names it verification_url.
  const verify = typeof b.verification_uri === "string"
    ? b.verification_uri
    : typeof b.verification_url === "string"
    ? b.verification_url
    : "";
  if (!deviceCode || !userCode || !verify) {
    throw new OAuthError(
      "provider",
      "the device authorization response lacks device_code, user_code or verification_uri",
    );
  }
  log(`Visit ${verify} and enter code ${userCode}`);
  if (typeof b.verification_uri_complete === "string") {
    log(`(or open ${b.verification_uri_complete})`);
  }
  let intervalMs = 1000 * (Number(b.interval) > 0 ? Number(b.interval) : 5);
  const expiresIn = Number(b.expires_in);
  const deadline = Number.isFinite(expiresIn) && expiresIn > 0
    ? Date.now() + expiresIn * 1000
    : Infinity;
  const what = target.viaExchange ? "token exchange service" : "token endpoint";
  for (;;) {
    await wait(intervalMs, call.signal);
    if (Date.now() > deadline) throw expired();
    const req = withClientAuth(
      { grant_type: DEVICE_GRANT, device_code: deviceCode },
      client,
      target,
    );
    const result = await postForm(target.tokenEndpoint, req.params, what, {
      ...call,
      headers: req.headers,
    });
    if (!isErrorResult(result)) {
      return parseTokenResponse(result, target.tokenEndpoint, Date.now());
    }
    const error = result.body.error;
    if (error === "authorization_pending") continue;
    if (error === "slow_down") {
      // RFC 8628 §3.5: +5 s; GitHub also names the new interval.
      const named = Number(result.body.interval) * 1000;
      intervalMs = Math.max(intervalMs + 5000, Number.isFinite(named) ? named : 0);
      continue;
    }
    // Microsoft names a refusal authorization_declined.
    if (error === "access_denied" || error === "authorization_declined") {
      throw new OAuthError("authorization", "the authorization was denied at the provider", {
        error,
      });
    }
    if (error === "expired_token") throw expired();
    throw providerError(result, what, target.tokenEndpoint);
  }
}

function expired(): OAuthError {
  return new OAuthError(
    "timeout",
    "the device code expired before the authorization was completed",
    { hint: "run auth login again and enter the code sooner", error: "expired_token" },
  );
}
