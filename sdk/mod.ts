/**
 * The authoring SDK: the `define*` family, introspection helpers and the
 * public types.
 *
 * @module
 */

export * from "../mod.ts";
export {
  type BackendAvailability,
  findSecretRefs,
  openSecretStore,
  type OpenSecretStoreOptions,
  resolveSecretBackendId,
  SECRET_BACKEND_IDS,
  type SecretBackendId,
  type SecretEntry,
  SecretError,
  type SecretErrorCode,
  type SecretListEntry,
  SecretResolutionError,
  type SecretSetOptions,
  type SecretStore,
  type SelfTestResult,
  type SelfTestStep,
  type SpawnOptions,
  type SpawnResult,
  type SpawnSyncFn,
} from "../secrets/mod.ts";
export {
  type AccessTokenOptions,
  type BrowserOpener,
  type CallOptions,
  canOpenBrowser,
  type DiscoveredEndpoints,
  discoverEndpoints,
  type EngineOptions,
  type FetchLike,
  getAccessToken,
  getOAuthPreset,
  login,
  type LoginOptions,
  type LoginResult,
  type LoginStatus,
  loginStatus,
  type LoginStatusOptions,
  logout,
  type LogoutOptions,
  type LogoutResult,
  type LogSink,
  OAUTH_PRESET_IDS,
  OAuthError,
  type OAuthErrorCode,
  OAuthLoginRequiredError,
  type OAuthPreset,
  type ObtainedVia,
  type PresetFlow,
  type TokenSet,
} from "../oauth/mod.ts";
export { telemetryAccessor } from "../telemetry/accessor.ts";
export {
  capabilitiesOf,
  hostsSupporting,
  SURFACE_PREDICATES,
  surfaceSupport,
} from "./introspect.ts";
