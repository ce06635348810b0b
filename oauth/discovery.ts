/**
 * Authorization server metadata discovery: RFC 8414
 * (`/.well-known/oauth-authorization-server`, inserted before the issuer's
 * path) then OpenID Connect (`<issuer>/.well-known/openid-configuration`),
 * cached per process and issuer.
 *
 * @module
 */

import { type CallOptions, getJson } from "./_http.ts";
import { OAuthError } from "./errors.ts";

/** The endpoints discovery found (RFC 8414 §2 names, camel-cased). */
export interface DiscoveredEndpoints {
  /** The issuer the document names (equal to the one asked for). */
  issuer: string;
  /** Where the browser authorizes. */
  authorizationEndpoint?: string;
  /** Where codes and refresh tokens are exchanged. */
  tokenEndpoint?: string;
  /** RFC 8628 device authorization endpoint. */
  deviceAuthorizationEndpoint?: string;
  /** RFC 7009 revocation endpoint. */
  revocationEndpoint?: string;
  /** PKCE methods the server lists. */
  codeChallengeMethodsSupported?: string[];
}

const cache = new Map<string, Promise<DiscoveredEndpoints>>();

/** The two metadata URLs of `issuer`, in the order they are tried. */
export function discoveryUrls(issuer: string): [string, string] {
  const u = new URL(issuer);
  const path = u.pathname === "/" ? "" : u.pathname.replace(/\/$/, "");
  const rfc8414 = `${u.origin}/.well-known/oauth-authorization-server${path}`;
  const oidc = `${u.origin}${path}/.well-known/openid-configuration`;
  return [rfc8414, oidc];
}

/**
 * Discovers `issuer`'s endpoints (cached per process; a failure is not cached).
 *
 * @example
 * ```ts ignore
 * import { discoverEndpoints } from "@ken-jo/agent-connector/sdk";
 * const { tokenEndpoint } = await discoverEndpoints("https://login.example.com");
 * ```
 */
export function discoverEndpoints(
  issuer: string,
  options: CallOptions = {},
): Promise<DiscoveredEndpoints> {
  const cached = cache.get(issuer);
  if (cached) return cached;
  const pending = discover(issuer, options);
  cache.set(issuer, pending);
  pending.catch(() => cache.delete(issuer));
  return pending;
}

/** Forgets every cached discovery (tests). */
export function clearDiscoveryCache(): void {
  cache.clear();
}

async function discover(issuer: string, options: CallOptions): Promise<DiscoveredEndpoints> {
  for (const url of discoveryUrls(issuer)) {
    const doc = await getJson(url, "discovery document", options);
    if (!doc) continue;
    const found = typeof doc.issuer === "string" ? doc.issuer : "";
    if (found.replace(/\/$/, "") !== issuer.replace(/\/$/, "")) {
      throw new OAuthError(
        "discovery",
        `the discovery document at ${url} names issuer "${found}", not "${issuer}"`,
        { hint: "check the login's issuer (RFC 8414 §3.3 requires them to match)" },
      );
    }
    const str = (k: string) => typeof doc[k] === "string" ? doc[k] as string : undefined;
    const out: DiscoveredEndpoints = { issuer: found };
    const set = (field: keyof DiscoveredEndpoints, k: string) => {
      const v = str(k);
      if (v !== undefined) (out as unknown as Record<string, unknown>)[field] = v;
    };
    set("authorizationEndpoint", "authorization_endpoint");
    set("tokenEndpoint", "token_endpoint");
    set("deviceAuthorizationEndpoint", "device_authorization_endpoint");
    set("revocationEndpoint", "revocation_endpoint");
    if (Array.isArray(doc.code_challenge_methods_supported)) {
      out.codeChallengeMethodsSupported = doc.code_challenge_methods_supported.filter((m) =>
        typeof m === "string"
      );
    }
    return out;
  }
  throw new OAuthError(
    "discovery",
    `no authorization server metadata at ${discoveryUrls(issuer).join(" or ")}`,
    { hint: "set the login's authorizationEndpoint and tokenEndpoint instead of issuer" },
  );
}
