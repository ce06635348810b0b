/**
 * Host identity, capability and result types shared by adapters, the install
 * pipeline and the CLI.
 *
 * @module
 */

/**
 * Every host id the adapter registry knows, in registry order (spec §6: the
 * json-stdio hosts, then mcp-only, then ts-plugin), except that a fork comes
 * before the host it forks (codebuddy before claude-code; mimo-code and kilo
 * before opencode; the Kilo Code extension before the Kilo CLI it runs):
 * runtime host detection takes the first match.
 */
export const HOST_IDS = [
  // json-stdio
  "codebuddy",
  "claude-code",
  "codex",
  "cursor",
  "vscode-copilot",
  "jetbrains-copilot",
  "copilot-cli",
  "gemini-cli",
  "qwen-code",
  "kiro",
  "kimi",
  "crush",
  "goose",
  "hermes",
  "droid",
  "openhands",
  "antigravity",
  "antigravity-cli",
  "continue",
  "amazon-q",
  "grok-build",
  "grok-cli",
  "devin",
  "open-interpreter",
  // mcp-only
  "warp",
  "cline",
  "trae",
  "zed",
  "codebuff",
  "mux",
  "pi",
  "windsurf",
  "junie",
  "mistral-vibe",
  // ts-plugin
  "mimo-code",
  "kilo",
  "kilo-cli",
  "opencode",
  "omp",
  "nemoclaw",
  "openclaw",
  "amp",
] as const;

/** A real host id: one entry of {@link HOST_IDS}. */
export type HostId = typeof HOST_IDS[number];

/**
 * The closed union of platform ids: every registered host plus the internal
 * sentinels `synthetic` (a connector resolved from an id alone) and `unknown`
 * (runtime detection found no host).
 */
export type PlatformId = HostId | "synthetic" | "unknown";

/** Returns true when `value` is a registered host id. */
export function isHostId(value: unknown): value is HostId {
  return typeof value === "string" && (HOST_IDS as readonly string[]).includes(value);
}

/** How a host delivers lifecycle hooks (spec §6). */
export type HookParadigm = "json-stdio" | "ts-plugin" | "mcp-only";

/** An MCP transport. */
export type Transport = "stdio" | "http" | "sse" | "ws";

/** How a host runs a command-driven status line. */
export type StatuslineMode = "command-stdin";

/** How a host invokes a connector action. */
export type ActionInvocationMode =
  | "exec"
  | "exec-file"
  | "manual-hook"
  | "paste"
  | "plugin-command"
  | "task";

/** Which native affordance a host shows for an action. */
export type ActionAffordanceKind =
  | "command-palette"
  | "extension-command"
  | "hook-panel"
  | "slash-command"
  | "task"
  | "workflow";

/**
 * What a host can honor (spec §4). The required flags describe the original
 * eight hook events and the reply powers; every optional flag is read `?? false`.
 */
export interface PlatformCapabilities {
  /** The host fires PreToolUse. */
  preToolUse: boolean;
  /** The host fires PostToolUse. */
  postToolUse: boolean;
  /** The host fires PreCompact. */
  preCompact: boolean;
  /** The host fires SessionStart. */
  sessionStart: boolean;
  /** The host fires SessionEnd. */
  sessionEnd: boolean;
  /** The host fires UserPromptSubmit. */
  userPromptSubmit: boolean;
  /** The host fires Stop. */
  stop: boolean;
  /** The host fires Notification. */
  notification: boolean;
  /** A hook can replace the tool input. */
  canModifyArgs: boolean;
  /** A hook can rewrite the tool output. */
  canModifyOutput: boolean;
  /** A hook can inject context at session start. */
  canInjectSessionContext: boolean;
  /** MCP transports the host can register. */
  transports: Transport[];
  /** The host fires PermissionRequest. */
  permissionRequest?: boolean;
  /** The host fires PostToolUseFailure. */
  postToolUseFailure?: boolean;
  /** The host fires SubagentStart. */
  subagentStart?: boolean;
  /** The host fires SubagentStop. */
  subagentStop?: boolean;
  /** The host fires PostCompact. */
  postCompact?: boolean;
  /** The host reads slash-command files. */
  supportsCommands?: boolean;
  /** The host reads Agent Skills folders. */
  supportsSkills?: boolean;
  /** The host reads subagent definitions. */
  supportsSubagents?: boolean;
  /** The host reads a memory/rules file we can hold a managed block in. */
  supportsMemory?: boolean;
  /** The host runs a command-driven status line. */
  supportsStatusline?: boolean;
  /** The host takes `configPatch` keys. */
  supportsConfigPatch?: boolean;
  /** The host takes verbatim native hook events. */
  supportsNativeHooks?: boolean;
  /** The host has a native trigger for actions. */
  supportsActions?: boolean;
  /** How the status line is run, when supported. */
  statuslineMode?: StatuslineMode;
  /** The status line's `refreshInterval` option is written. */
  statuslineSupportsRefreshInterval?: boolean;
  /** The status line's `respectUserColors` option is written. */
  statuslineSupportsRespectUserColors?: boolean;
  /** The status line's `hideContextIndicator` option is written. */
  statuslineSupportsHideContextIndicator?: boolean;
  /** The host's own cap on status-line rows. */
  statuslineMaxLines?: number;
  /** How the host invokes an action. */
  actionInvocationMode?: ActionInvocationMode;
  /** Which affordance the host shows for an action. */
  actionAffordanceKind?: ActionAffordanceKind;
  /**
   * Where the adapter's facts were checked (adapters/<id>/SOURCES.md): the
   * host's public source, or only its documentation and runs of it, for a
   * closed-source host. Absent when not recorded.
   */
  factsFrom?: "source" | "docs";
}

/**
 * Normalized install scopes, lowest to highest precedence. The CLI accepts
 * `user` (default) and `project`.
 */
export type InstallScope = "system" | "user" | "project" | "profile" | "managed";

/** One host found (or probed) by install-time detection. */
export interface DetectedPlatform {
  /** Host id. */
  id: PlatformId;
  /** Human name of the host. */
  name: string;
  /** Whether markers of the host were found. */
  installed: boolean;
  /** How the host runs hooks. */
  paradigm: HookParadigm;
  /** What the host can honor. */
  capabilities: PlatformCapabilities;
  /** The native config file an install would write for the scope. */
  configPath: string;
  /** The scope the probe was made for. */
  scope: InstallScope;
  /** The evidence (or its absence) behind `installed`. */
  reason: string;
  /** How sure detection is, from 0 to 1. */
  confidence: number;
}

/** The five things an install step can report. */
export type ChangeAction = "create" | "update" | "skip" | "remove" | "warn";

/** One line of an install, upgrade or uninstall diff. */
export interface ChangeRecord {
  /** The host (or `synthetic` for framework files). */
  platform: PlatformId;
  /** What happened. */
  action: ChangeAction;
  /** The file touched, when there is one. */
  path?: string;
  /** What and why, in one sentence. */
  detail: string;
}

/** The outcome of install, upgrade or uninstall. */
export interface InstallResult {
  /** The connector acted on. */
  connectorId: string;
  /** True when nothing was written. */
  dryRun: boolean;
  /** Every change, in order. */
  changes: ChangeRecord[];
  /** Human warnings not tied to one change. */
  warnings: string[];
}

/** One doctor finding. */
export interface DiagnosticResult {
  /** What was checked. */
  check: string;
  /** The verdict. */
  status: "pass" | "fail" | "warn";
  /** What was found. */
  message: string;
  /** What to run or edit to fix it. */
  fix?: string;
}

/** The surfaces a connector can declare (spec §9.2). */
export const SURFACE_NAMES = [
  "server",
  "hooks",
  "commands",
  "skills",
  "subagents",
  "memory",
  "statusline",
  "configPatch",
  "nativeHooks",
  "actions",
] as const;

/** One connector surface. */
export type SurfaceName = typeof SURFACE_NAMES[number];
