/**
 * The SDK's OAuth calls, each loading its engine module on first use: a
 * connector config imports the SDK, and a hook call loads that config, so
 * the SDK's start-up graph holds only the errors, browser detection and
 * `loginStatus` (modules the keystore already needs), never the HTTP,
 * listener and flow code.
 *
 * @module
 */

import { importLazily } from "../core/lazy_import.ts";
import type { DiscoveredEndpoints } from "./discovery.ts";
import type {
  AccessTokenOptions,
  CallOptions,
  LoginOptions,
  LoginResult,
  LogoutOptions,
  LogoutResult,
  TokenSet,
} from "./types.ts";

type LoginModule = typeof import("./login.ts");

/**
 * Returns an access token for login `key` of connector `connectorId`: reused
 * from memory until 60 s before it expires, else refreshed with the refresh
 * token in the keystore (a rotated one is stored before this returns); with
 * `interactive: "auto"` a missing login runs {@link login} when a browser can
 * open, `"never"` throws `OAuthLoginRequiredError`. Human text goes to
 * stderr only, so a stdio MCP server may call it.
 *
 * @example
 * ```ts ignore
 * import { getAccessToken } from "@ken-jo/agent-connector/sdk";
 * const { accessToken } = await getAccessToken({ connectorId: "seo-mcp", key: "search", def: connector.oauth.search });
 * ```
 */
export async function getAccessToken(options: AccessTokenOptions): Promise<TokenSet> {
  const mod = await importLazily<typeof import("./access_token.ts")>(
    "./access_token.ts",
    import.meta.url,
  );
  return await mod.getAccessToken(options);
}

/**
 * Logs in once (loopback flow when a browser can open, else the device flow
 * when the provider has one) and stores the refresh token in the keystore as
 * `def.storeAs`; returns where it went, never a token.
 *
 * @example
 * ```ts ignore
 * import { login } from "@ken-jo/agent-connector/sdk";
 * const { backend } = await login({ connectorId: "acme", key: "main", def: connector.oauth.main });
 * ```
 */
export async function login(options: LoginOptions): Promise<LoginResult> {
  const mod = await importLazily<LoginModule>("./login.ts", import.meta.url);
  return await mod.login(options);
}

/**
 * Revokes the stored refresh token at the provider when a revocation
 * endpoint is known (best effort), then removes it and the metadata entry.
 *
 * @example
 * ```ts ignore
 * import { logout } from "@ken-jo/agent-connector/sdk";
 * const { removed, revoked } = await logout({ connectorId: "acme", key: "main", def: connector.oauth.main });
 * ```
 */
export async function logout(options: LogoutOptions): Promise<LogoutResult> {
  const mod = await importLazily<LoginModule>("./login.ts", import.meta.url);
  return await mod.logout(options);
}

/**
 * Discovers an issuer's endpoints: RFC 8414
 * `/.well-known/oauth-authorization-server` (inserted before the issuer's
 * path), then `<issuer>/.well-known/openid-configuration`; cached per process.
 *
 * @example
 * ```ts ignore
 * import { discoverEndpoints } from "@ken-jo/agent-connector/sdk";
 * const { tokenEndpoint } = await discoverEndpoints("https://login.example.com");
 * ```
 */
export async function discoverEndpoints(
  issuer: string,
  options: CallOptions = {},
): Promise<DiscoveredEndpoints> {
  const mod = await importLazily<typeof import("./discovery.ts")>(
    "./discovery.ts",
    import.meta.url,
  );
  return await mod.discoverEndpoints(issuer, options);
}
