/**
 * The connector authoring model: what a developer writes (`ConnectorConfig`)
 * and what `defineConnector` returns (`ResolvedConnector`) — spec §2.
 *
 * @module
 */

import type { HookEventName, HooksConfig, NativeHookDef } from "./hook_types.ts";
import type { InstallScope, PlatformId } from "./platform_types.ts";

/** A JSON value, as a configPatch may write it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | {
  [key: string]: JsonValue;
};

/** Include/exclude lists of tool names (exact or glob). */
export interface ToolFilter {
  /** Tools to expose; `["*"]` by default. */
  include?: string[];
  /** Tools to hide. */
  exclude?: string[];
}

/** How a remote server authenticates. */
export interface AuthSpec {
  /** The scheme. */
  type: "oauth" | "bearerEnv" | "none";
  /** The env var holding the bearer token, with `bearerEnv`. */
  bearerEnvVar?: string;
}

/** The MCP server a connector deploys, declared once for every host. */
export interface ServerDef {
  /** The transport. */
  transport: "stdio" | "http" | "sse" | "ws";
  /** The executable, for stdio. */
  command?: string;
  /** Its arguments. */
  args?: string[];
  /**
   * Environment for stdio; values may use `${env:VAR}`, `${env:VAR:-default}`
   * and (moved into `secretEnv` by defineConnector) `${secret:NAME}`.
   */
  env?: Record<string, string>;
  /** The env entries that reference a secret; set by defineConnector. */
  secretEnv?: Record<string, string>;
  /** Working directory, for stdio. */
  cwd?: string;
  /** The endpoint, for remote transports. */
  url?: string;
  /** HTTP headers, for remote transports. */
  headers?: Record<string, string>;
  /** Authentication, for remote transports. */
  auth?: AuthSpec;
  /** Which tools to expose. */
  tools?: ToolFilter;
  /** Request timeout. */
  timeoutMs?: number;
  /** Written disabled where the host supports it when false. */
  enabled?: boolean;
  /** Wrap with `agent-connector serve` to count tokens per tool. */
  wrapForTelemetry?: boolean;
}

/** Package identity that overrides what package.json says. */
export interface McpPackageIdentity {
  /** The npm package name. */
  name?: string;
  /** The MCP registry name (reverse-DNS). */
  mcpName?: string;
  /** The branded bin name. */
  bin?: string;
  /** The package version. */
  version?: string;
}

/** Tool permissions for a content surface. */
export interface SurfaceToolPolicy {
  /** Tools allowed. */
  allow?: string[];
  /** Tools denied. */
  deny?: string[];
}

/** A slash command written as a native file. */
export interface CommandDef {
  /** Kebab-case slash name and file stem. */
  name: string;
  /** One line for /help and model selection. */
  description?: string;
  /** The prompt template body; required. */
  prompt: string;
  /** Argument hint such as `[environment]`. */
  argumentHint?: string;
  /** Tool policy. */
  tools?: SurfaceToolPolicy;
  /** Model id or alias. */
  model?: string;
  /** Run in a forked context where supported. */
  subtask?: boolean;
  /** Verbatim frontmatter additions. */
  extra?: Record<string, unknown>;
}

/** An Agent Skill: a folder with SKILL.md and optional resources. */
export interface SkillDef {
  /** At most 64 chars of `[a-z0-9-]`; the folder name. */
  name: string;
  /** What the skill does and when to use it; at most 1024 chars. */
  description: string;
  /** SKILL.md body; required. */
  body: string;
  /** Tool policy. */
  tools?: SurfaceToolPolicy;
  /** Model id or alias. */
  model?: string;
  /** Written as `disable-model-invocation`. */
  disableModelInvocation?: boolean;
  /** Relative path → contents, written beside SKILL.md. */
  resources?: Record<string, string>;
  /** Verbatim frontmatter additions. */
  extra?: Record<string, unknown>;
}

/** A named subagent. */
export interface SubagentDef {
  /** Kebab-case name and file stem. */
  name: string;
  /** When to delegate to it; required. */
  description: string;
  /** Its system prompt; required. */
  prompt: string;
  /** Tool policy. */
  tools?: SurfaceToolPolicy;
  /** Model alias, full id, or `inherit`. */
  model?: string;
  /** Coarse read-only switch. */
  readonly?: boolean;
  /** Verbatim frontmatter additions. */
  extra?: Record<string, unknown>;
}

/** Standing guidance kept as a managed block in each host's memory file. */
export interface MemoryDef {
  /** Kebab-case block name; `memory` by default. Keep it stable. */
  name?: string;
  /** For status and docs only; never written. */
  description?: string;
  /** Plain CommonMark, inlined verbatim; at most 16 KiB. */
  content: string;
}

/** Options a status-line host may honor. */
export interface StatuslineOptions {
  /** Seconds between refreshes; integer ≥ 1. */
  refreshInterval?: number;
  /** Keep the user's colors. */
  respectUserColors?: boolean;
  /** Hide the host's context indicator. */
  hideContextIndicator?: boolean;
  /** Lines kept from the render; integer ≥ 1. */
  maxLines?: number;
}

/** What a status-line render receives. */
export interface StatuslineContext {
  /** The host id. */
  host: string;
  /** The connector id. */
  connectorId?: string;
  /** The session id. */
  sessionId?: string;
  /** The working directory. */
  cwd?: string;
  /** The active model. */
  model?: { id?: string; displayName?: string };
  /** The session's cost so far. */
  cost?: { totalUsd?: number };
  /** Context-window use. */
  context?: { usedTokens?: number; maxTokens?: number; percent?: number };
  /** The session transcript. */
  transcriptPath?: string;
  /** The host's payload, verbatim. */
  raw: unknown;
}

/** Renders the status line. */
export type StatuslineRender = (ctx: StatuslineContext) => string | Promise<string>;

/** A per-host status-line override. */
export interface StatuslineHostOverride {
  /** Replaces `render` on this host. */
  render?: StatuslineRender;
  /** Replaces `options` on this host. */
  options?: StatuslineOptions;
}

/** The status-line surface (singular). */
export interface StatuslineDef {
  /** Kebab-case id; `statusline` by default. */
  name?: string;
  /** For docs only. */
  description?: string;
  /** Host options. */
  options?: StatuslineOptions;
  /** The fallback render. */
  render: StatuslineRender;
  /** Per-host overrides. */
  hosts?: Partial<Record<PlatformId, StatuslineHostOverride>>;
}

/** Where a host may show an action. */
export type ActionPlacement = "command-palette" | "toolbar" | "context-menu" | "slash-command";

/** Ask before running an action. */
export type ActionConfirm = boolean | { title?: string; message?: string };

/** What an action's `run` receives. */
export interface ActionContext {
  /** The host the action was dispatched for. */
  host: PlatformId;
  /** The connector id. */
  connectorId: string;
  /** The working directory of the dispatch. */
  cwd: string;
  /** Arguments after the action id. */
  args: string[];
}

/** The outcome of an action. */
export interface ActionResult {
  /** Printed to stdout. */
  message?: string;
}

/** Runs an action. */
export type ActionHandler = (
  ctx: ActionContext,
) => ActionResult | void | Promise<ActionResult | void>;

/** A per-host action override. */
export interface ActionHostOverride {
  /** Replaces `run` on this host. */
  run?: ActionHandler;
  /** Label on this host. */
  label?: string;
  /** Description on this host. */
  description?: string;
  /** Icon on this host. */
  icon?: string;
  /** Placement on this host. */
  placement?: ActionPlacement | ActionPlacement[];
  /** Confirmation on this host. */
  confirm?: ActionConfirm;
}

/** A named, user-triggered action. */
export interface ActionDef {
  /** Kebab-case id. */
  id: string;
  /** Short label; defaults to description, then id. */
  label?: string;
  /** One-line hint. */
  description?: string;
  /** Host-specific icon. */
  icon?: string;
  /** Where hosts may show it. */
  placement?: ActionPlacement | ActionPlacement[];
  /** Ask before running. */
  confirm?: ActionConfirm;
  /** The fallback handler. */
  run: ActionHandler;
  /** Per-host overrides. */
  hosts?: Partial<Record<PlatformId, ActionHostOverride>>;
}

/** Per-tool telemetry settings (spec §2.7). */
export interface TelemetryConfig {
  /** On unless false; `AGENT_CONNECTOR_TELEMETRY=0` also turns it off. */
  enabled?: boolean;
  /** Which tokenizer family to assume. */
  modelFamilyHint?: "auto" | "openai" | "anthropic" | "generic";
  /** Measure the `tools/list` schemas once per session. */
  measureToolDefs?: boolean;
  /**
   * Opt-in network calibration (off by default). With
   * `anthropicCountTokens: true`, and only when the user also sets
   * `AGENT_CONNECTOR_CALIBRATE=anthropic` and `ANTHROPIC_API_KEY`, `serve`
   * sends a few measured texts of Claude-family sessions (at most one a
   * minute, 16 KiB each, 20 requests per session) to Anthropic's
   * `count_tokens` (`ANTHROPIC_BASE_URL` when set) and scales those
   * sessions' approximate rows by the learned ratio, labeled
   * `tokenizer-calibrated`. Any one of the three missing: nothing is sent.
   */
  calibration?: { anthropicCountTokens?: boolean };
  /** Opt-in host-native turn capture. */
  hostNativeUsage?: boolean;
  /** Store backend. */
  store?: "ndjson" | "sqlite";
}

/** Telemetry settings with every default applied. */
export interface ResolvedTelemetryConfig {
  /** Whether telemetry runs. */
  enabled: boolean;
  /** Tokenizer family hint. */
  modelFamilyHint: "auto" | "openai" | "anthropic" | "generic";
  /** Whether tool schemas are measured. */
  measureToolDefs: boolean;
  /** Whether host-native turns are captured. */
  hostNativeUsage: boolean;
  /** Store backend. */
  store: "ndjson" | "sqlite";
  /** Calibration switches ({@link TelemetryConfig.calibration}). */
  calibration: { anthropicCountTokens: boolean };
}

/** Per-host tuning of the memory surface. */
export interface PlatformMemoryOverride {
  /** Target file: absolute, or relative to the project dir / home per scope. */
  path?: string;
  /** claude-code only: a block in CLAUDE.md, or AGENTS.md plus an import. */
  mode?: "block" | "agents-import";
}

/** A set-if-absent patch of one leaf key in a host's settings file. */
export interface ConfigPatchDef {
  /** Dotted leaf path; segments match `^[A-Za-z0-9_-]+$`. */
  key: string;
  /** Written only when the key is absent. */
  value: JsonValue;
  /** Why; printed with every outcome. */
  reason: string;
  /** Appended to manual-edit hints. */
  docsUrl?: string;
}

/** The per-platform escape hatch (spec §2.8). */
export interface PlatformOverride {
  /** false: no normalized hooks here; object: replaces those events. */
  hooks?: boolean | Partial<HooksConfig>;
  /** Host-native events by verbatim name. */
  nativeHooks?: Record<string, NativeHookDef>;
  /** Host settings keys to set if absent. */
  configPatch?: ConfigPatchDef[];
  /** false: no server here; object: shallow-merged over the server. */
  server?: Partial<ServerDef> | false;
  /** Force a scope on this host. */
  scope?: InstallScope;
  /** false: no command files here. */
  commands?: boolean;
  /** false: no skill files here. */
  skills?: boolean;
  /** false: no subagent files here. */
  subagents?: boolean;
  /** false: no memory block here; object: tuning. */
  memory?: boolean | PlatformMemoryOverride;
  /** Verbatim fields merged into the native entry. */
  extra?: Record<string, unknown>;
}

/** Distribution metadata for the MCP registry and MCPB artifacts. */
export interface PublishConfig {
  /** Reverse-DNS namespace the developer owns. */
  registryNamespace?: string;
  /** The real published package. */
  packageName?: string;
  /** Registry base URL; npm by default. */
  registryBaseUrl?: string;
  /** The author; MCPB needs `name`. */
  author?: { name: string; email?: string; url?: string };
}

/** The OAuth presets. */
export type OAuthPresetId =
  | "google"
  | "microsoft"
  | "github"
  | "bing-webmaster"
  | "posthog"
  | "generic";

/** One OAuth login a connector's server needs (spec §2.2). */
export interface OAuthLoginDef {
  /** The preset. */
  provider: OAuthPresetId;
  /** A literal, `${env:VAR}`, or exactly one `${secret:NAME}`. */
  clientId: string;
  /** One `${secret:NAME}`; a literal only for google. */
  clientSecret?: string;
  /** The developer's https token exchange service. */
  tokenExchangeUrl?: string;
  /** At least one scope. */
  scopes: string[];
  /** Which flow to run. */
  flow?: "auto" | "loopback" | "device";
  /** Fixed loopback port, 1024..65535. */
  redirectPort?: number;
  /** Loopback path; `/callback` by default. */
  redirectPath?: string;
  /** Discovery root. */
  issuer?: string;
  /** Authorization endpoint (https). */
  authorizationEndpoint?: string;
  /** Token endpoint (https). */
  tokenEndpoint?: string;
  /** Device authorization endpoint (https). */
  deviceAuthorizationEndpoint?: string;
  /** Revocation endpoint (https). */
  revocationEndpoint?: string;
  /** How the client authenticates at the token endpoint. */
  tokenEndpointAuth?: "client_secret_post" | "client_secret_basic" | "none";
  /** PKCE S256. */
  pkce?: boolean;
  /** Extra authorization query parameters. */
  extraAuthorizationParams?: Record<string, string>;
  /** Preset-specific options. */
  options?: Record<string, string>;
  /** Secret name for the refresh token. */
  storeAs?: string;
}

/** An OAuth login with its key and defaults applied. */
export interface ResolvedOAuthLoginDef extends OAuthLoginDef {
  /** The login key. */
  key: string;
  /** Flow, defaulted to `auto`. */
  flow: "auto" | "loopback" | "device";
  /** Path, defaulted to `/callback`. */
  redirectPath: string;
  /** Secret name, defaulted to `oauth.<key>.refresh-token`. */
  storeAs: string;
}

/** What a developer writes: one declaration for every host (spec §2.1). */
export interface ConnectorConfig {
  /** Explicit kebab-case id; derived from package.json when omitted. */
  id?: string;
  /** Package identity override. */
  mcp?: McpPackageIdentity;
  /** Host-facing label override. */
  displayName?: string;
  /** Version override. */
  version?: string;
  /** The MCP server. */
  server?: ServerDef;
  /** Lifecycle hooks. */
  hooks?: HooksConfig;
  /** Telemetry settings. */
  telemetry?: TelemetryConfig;
  /** Slash commands. */
  commands?: CommandDef[];
  /** Agent Skills. */
  skills?: SkillDef[];
  /** Subagents. */
  subagents?: SubagentDef[];
  /** Memory blocks. */
  memory?: MemoryDef[];
  /** The status line. */
  statusline?: StatuslineDef;
  /** User-triggered actions. */
  actions?: ActionDef[];
  /** Per-platform overrides. */
  platforms?: Partial<Record<PlatformId, PlatformOverride>>;
  /** `auto` (detected hosts) or an allow-list. */
  targets?: "auto" | PlatformId[];
  /** Registry/MCPB metadata. */
  publish?: PublishConfig;
  /** OAuth logins by key. */
  oauth?: Record<string, OAuthLoginDef>;
}

/** A validated connector with every default applied (spec §2.9). */
export interface ResolvedConnector {
  /** The install id. */
  id: string;
  /** The host-facing label. */
  displayName: string;
  /** The connector version. */
  version: string;
  /** Package identity (config `mcp` over package.json), when any is known. */
  mcp?: McpPackageIdentity;
  /** The normalized server. */
  server?: ServerDef;
  /** Declared hooks. */
  hooks: HooksConfig;
  /** Events with a handler. */
  hookEvents: HookEventName[];
  /** Resolved telemetry settings. */
  telemetry: ResolvedTelemetryConfig;
  /** Commands, `[]` when none. */
  commands: CommandDef[];
  /** Skills, `[]` when none. */
  skills: SkillDef[];
  /** Subagents, `[]` when none. */
  subagents: SubagentDef[];
  /** Memory blocks with names defaulted. */
  memory: Array<MemoryDef & { name: string }>;
  /** The status line, when declared. */
  statusline?: StatuslineDef;
  /** Actions, `[]` when none. */
  actions: ActionDef[];
  /** Per-platform overrides. */
  platforms: Partial<Record<PlatformId, PlatformOverride>>;
  /** Targets. */
  targets: "auto" | PlatformId[];
  /** Publish metadata, verbatim. */
  publish?: PublishConfig;
  /** OAuth logins, `{}` when none. */
  oauth: Record<string, ResolvedOAuthLoginDef>;
}
