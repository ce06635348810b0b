/**
 * Runtime host detection: which host is running this hook (or server) now.
 *
 * Precedence: the platform id in the command line (written by install, so
 * it is exact) — except when the payload shows another host that reads this
 * host's hook files (VS Code runs Claude Code's hooks, HOSTS.md trap 8;
 * {@link FOREIGN_READERS}) — then `AGENT_CONNECTOR_HOST`, then env markers of each registered host in
 * registry order, else `unknown`. Hosts set each other's markers for
 * compatibility (Gemini CLI, Qwen Code and Continue's CLI set
 * `CLAUDE_PROJECT_DIR`, Qwen also `GEMINI_PROJECT_DIR`): a host that
 * declares it sets another's markers (`runtimeEnvAlsoSets`) wins over that
 * host when both match. Markers a host's hook runner sets (`runtimeEnv`)
 * come before markers every process under a host inherits
 * (`runtimeEnvAmbient`: `VSCODE_PID`, `CURSOR_TRACE_ID`, `CODEX_THREAD_ID`),
 * so a hook of an agent started in another host's terminal is the agent's.
 *
 * Lean: the common path (a platform in argv) loads no adapter.
 *
 * @module
 */

import type { HostId, PlatformId } from "../core/platform_types.ts";
import { isHostId } from "../core/platform_types.ts";
import { isHookEventName } from "../core/hook_types.ts";
import type { EnvMarker } from "./descriptor.ts";
import { importLazily } from "../core/lazy_import.ts";

/** How the host was decided. */
export type DetectionSource = "argv" | "payload" | "env-override" | "env-marker" | "none";

/** The detected host. */
export interface RuntimeHost {
  /** The host id, or `unknown`. */
  platform: PlatformId;
  /** What decided it. */
  via: DetectionSource;
}

/**
 * VS Code's hook payloads. Current VS Code sends snake_case common fields
 * — `timestamp` (an ISO string), `hook_event_name`, `session_id`,
 * `transcript_path` — merged into each event's own fields
 * (microsoft/vscode-copilot-chat@31acd00
 * src/extension/chat/vscode-node/chatHookService.ts `executeHook`
 * `commonInput`, since b7ced2c of 2026-02-25); versions before it sent
 * camelCase `hookEventName` + `sessionId` (vscode-docs hooks-reference.md,
 * tests/fixtures/payloads/vscode-copilot/PreToolUse.json). Both are VS
 * Code's. The snake_case shape with an ISO `timestamp` is also what Copilot
 * CLI sends for PascalCase events (trap 9), so on its own it names no host:
 * see {@link FOREIGN_READERS} for how each entry settles that.
 */
export function isVsCodePayload(raw: Record<string, unknown> | undefined): boolean {
  if (!raw) return false;
  if (typeof raw.hook_event_name === "string") return typeof raw.timestamp === "string";
  return typeof raw.hookEventName === "string";
}

/**
 * A snake_case payload with an ISO `timestamp` (VS Code's shape, which
 * Copilot CLI also sends for PascalCase events) run by Copilot CLI's hook
 * runner: it alone sets `COPILOT_HOOK_DIR` (the hook file's folder) for a
 * hook process — measured on Copilot CLI 1.0.102, which also set
 * `COPILOT_PROJECT_DIR`, `CLAUDE_PROJECT_DIR` and the ambient
 * `COPILOT_CLI=1` (tests/fixtures/payloads/copilot-cli/sessionStart.measured.json).
 * VS Code's hook runner passes only its own environment on
 * (microsoft/vscode-copilot-chat@31acd00
 * src/platform/chat/node/hookExecutor.ts `_spawn`: `{...process.env, ...hook.env}`).
 */
export function isCopilotCliSnakeCall(
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
): boolean {
  return typeof raw.hook_event_name === "string" && typeof raw.timestamp === "string" &&
    !!env.COPILOT_HOOK_DIR;
}

/**
 * Cursor's hook payloads: `cursor_version`, or `conversation_id` with
 * `workspace_roots` (HOSTS.md §4c).
 */
export function isCursorPayload(raw: Record<string, unknown> | undefined): boolean {
  return !!raw && (typeof raw.cursor_version === "string" ||
    (typeof raw.conversation_id === "string" && Array.isArray(raw.workspace_roots)));
}

/**
 * Copilot CLI's hook payloads (hooks-reference.md; Hypabolic/Hypa#52): the
 * camelCase shape with a `sessionId` and a millisecond `timestamp`, or the
 * VS Code-compatible snake_case shape with an ISO `timestamp` — a field
 * Claude Code's payloads do not have.
 */
export function isCopilotCliPayload(raw: Record<string, unknown> | undefined): boolean {
  if (!raw) return false;
  if (typeof raw.hook_event_name === "string") return typeof raw.timestamp === "string";
  return typeof raw.timestamp === "number" && typeof raw.sessionId === "string";
}

/**
 * JetBrains Copilot's hook payloads: Copilot's camelCase shape without a
 * `sessionId` (microsoft/copilot-intellij-feedback#1819 quotes the agent
 * passing `{timestamp, cwd, toolName, toolArgs}`).
 */
export function isJetBrainsCopilotPayload(raw: Record<string, unknown> | undefined): boolean {
  return !!raw && typeof raw.timestamp === "number" && raw.sessionId === undefined &&
    raw.hook_event_name === undefined && raw.hookEventName === undefined;
}

/** How a foreign reader is recognized: from the payload, or the hook's environment. */
export type ForeignReaderTest = (
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
) => boolean;

/**
 * Hosts that run another host's hook files, and how their payloads look.
 * Keyed by the host whose files are read; the first matching reader wins.
 * VS Code runs Claude Code's files (user and project) and Copilot's
 * (microsoft/vscode@0783120 .../promptSyntax/config/promptFileLocations.ts
 * `DEFAULT_HOOK_FILE_PATHS`; hookCompatibility.ts); Copilot CLI runs VS
 * Code's `.github/hooks` files and Claude Code's project settings
 * (hooks-reference.md); Cursor runs Claude Code's with third-party configs
 * on (third-party-hooks); JetBrains runs the lowerCamel files in
 * `.github/hooks` (copilot-intellij-feedback#1653).
 *
 * On a lowerCamel Copilot entry any VS Code-shaped payload is VS Code's:
 * Copilot CLI and JetBrains send camelCase there (trap 9; measured on Copilot
 * CLI 1.0.102), while VS Code maps lowerCamel names onto its own events
 * (microsoft/vscode@01272b9 .../promptSyntax/hookCompatibility.ts
 * `parseCopilotHooks`, `resolveCopilotCliHookType`) and sends its own shape.
 *
 * On VS Code's own entry the command line decides: VS Code's current
 * payload and the one Copilot CLI sends for that file's PascalCase events
 * are the same shape, and a VS Code call answered in Copilot CLI's flat
 * dialect loses its deny (VS Code reads only `hookSpecificOutput` on
 * PreToolUse: chatHookService.ts `executePreToolUseHook`). Only Copilot
 * CLI's own hook marker in the environment moves such a call to it.
 */
export const FOREIGN_READERS: Partial<
  Record<HostId, Array<{ host: HostId; test: ForeignReaderTest }>>
> = {
  "claude-code": [
    { host: "copilot-cli", test: isCopilotCliSnakeCall },
    { host: "vscode-copilot", test: isVsCodePayload },
    { host: "cursor", test: isCursorPayload },
  ],
  "vscode-copilot": [{ host: "copilot-cli", test: isCopilotCliSnakeCall }],
  "copilot-cli": [
    { host: "vscode-copilot", test: isVsCodePayload },
    { host: "jetbrains-copilot", test: isJetBrainsCopilotPayload },
  ],
  "jetbrains-copilot": [
    { host: "vscode-copilot", test: isVsCodePayload },
    { host: "copilot-cli", test: isCopilotCliPayload },
  ],
};

/** True when one env marker is present in `env`. */
export function markerPresent(marker: EnvMarker, env: Record<string, string | undefined>): boolean {
  if (typeof marker === "string") return Boolean(env[marker]);
  return env[marker.name] === marker.equals;
}

/**
 * Detects the host without a command-line platform: `AGENT_CONNECTOR_HOST`,
 * then hook markers — the first host in registry order whose markers are
 * set and whose markers no other matching host declares it also sets —
 * then, when none is set, the first host whose ambient markers are.
 */
export async function detectRuntimeHost(
  env: Record<string, string | undefined>,
): Promise<RuntimeHost> {
  const override = env.AGENT_CONNECTOR_HOST;
  if (isHostId(override)) return { platform: override, via: "env-override" };
  const { REGISTRY } = await importLazily<typeof import("./registry.ts")>(
    "./registry.ts",
    import.meta.url,
  );
  const adapters = await Promise.all(REGISTRY.map((entry) => entry.load()));
  const matches = adapters.filter((a) => a.runtimeEnv?.some((m) => markerPresent(m, env)));
  const shadowed = new Set(matches.flatMap((a) => a.runtimeEnvAlsoSets ?? []));
  const host = matches.find((a) => !shadowed.has(a.id)) ?? matches[0] ??
    adapters.find((a) => a.runtimeEnvAmbient?.some((m) => markerPresent(m, env)));
  return host ? { platform: host.id, via: "env-marker" } : { platform: "unknown", via: "none" };
}

/** Decides the host of a hook call (see the module doc for the precedence). */
export async function resolveHookHost(
  argvPlatform: string | undefined,
  raw: Record<string, unknown> | undefined,
  env: Record<string, string | undefined>,
): Promise<RuntimeHost> {
  if (isHostId(argvPlatform)) {
    for (const reader of FOREIGN_READERS[argvPlatform] ?? []) {
      if (raw && reader.test(raw, env)) return { platform: reader.host, via: "payload" };
    }
    return { platform: argvPlatform, via: "argv" };
  }
  return await detectRuntimeHost(env);
}

/** Where a connector is installed, as the connector record keeps it. */
export interface InstallPlace {
  /** The host. */
  platform: string;
  /** The scope. */
  scope: "user" | "project";
  /** The project, for project scope. */
  projectDir?: string;
}

/**
 * True when `path` is `dir` or below it. Plain string work on purpose: this
 * module is on the hook's start-up graph, which holds no `node:` built-in.
 */
export function within(path: string, dir: string): boolean {
  const norm = (p: string) => p.replaceAll("\\", "/").replace(/\/+$/, "");
  const win = /^[A-Za-z]:/.test(dir);
  const [a, b] = win
    ? [norm(path).toLowerCase(), norm(dir).toLowerCase()]
    : [norm(path), norm(dir)];
  return a === b || a.startsWith(`${b}/`);
}

/**
 * True when `host`, firing `event` in `cwd`, also runs an entry of its own
 * for this connector: an install row for `host` whose hook file `host` reads
 * there (its user file, or the project file of a project holding `cwd`), for
 * an event the connector declares on `host`. Then the foreign entry `host`
 * runs as well must stay quiet, so the handler answers once (HOSTS.md trap
 * 8). Loads `host`'s descriptor, which only happens on that foreign path.
 */
export async function hostRunsOwnEntry(
  host: HostId,
  event: string,
  installs: readonly InstallPlace[],
  cwd: string | undefined,
  declared: (host: HostId, event: string) => boolean,
): Promise<boolean> {
  const rows = installs.filter((r) => r.platform === host);
  if (!rows.length || !isHookEventName(event) || !declared(host, event)) return false;
  const { loadAdapter } = await importLazily<typeof import("./registry.ts")>(
    "./registry.ts",
    import.meta.url,
  );
  const hooks = (await loadAdapter(host))?.hooks;
  if (!hooks?.events[event]) return false;
  return rows.some((r) =>
    r.scope === "user"
      ? hooks.paths.user !== undefined
      : hooks.paths.project !== undefined && (!r.projectDir || !cwd || within(cwd, r.projectDir))
  );
}
