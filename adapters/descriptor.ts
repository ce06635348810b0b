/**
 * The host descriptor: everything about a host that is a fact — paths per
 * scope and OS, formats, root keys, entry renderers, env-reference syntax,
 * event map, hook-file shape, detection markers — in one typed value
 * (DESIGN §3 "Adapters are data first").
 *
 * The install planner reads descriptors; it never asks an adapter to write.
 * A surface a descriptor leaves out, a scope without a path, an event
 * without a native name, a server field a renderer drops: each becomes a `!`
 * record naming the host and the reason. Nothing is dropped silently,
 * because there is no other way for a host to say "no".
 *
 * Adding a host: see the README's Development section (one folder,
 * `adapters/<folder>/`, with `host.ts` and `mod.ts`).
 *
 * @module
 */

import type {
  CommandDef,
  ServerDef,
  SkillDef,
  StatuslineOptions,
  SubagentDef,
} from "../core/connector_types.ts";
import type { HookEventName } from "../core/hook_types.ts";
import { HOOK_EVENT_NAMES } from "../core/hook_types.ts";
import type {
  HookParadigm,
  HostId,
  PlatformCapabilities,
  Transport,
} from "../core/platform_types.ts";
import type { EnvRefSyntax } from "./env_ref.ts";
import type { ActionSurface } from "./action_surface.ts";
import type { PathContext, PathFn } from "./paths.ts";
import type { DataFormat, KeyPath, ScopeName, ScopePaths } from "./descriptor_basics.ts";
import type { OsName } from "../io/machine_env.ts";

export type { DataFormat, KeyPath, ScopeName, ScopePaths } from "./descriptor_basics.ts";

/** Something a host cannot take, reported as a `!` record. */
export interface Dropped {
  /** The field, event or option, as the connector author wrote it. */
  field: string;
  /** Why the host cannot honor it. */
  reason: string;
}

/** How to tell the host is installed. */
export interface DetectionSpec {
  /** Files or folders under home that show the host is installed. */
  user: PathFn[];
  /** Files or folders in a project that show the project uses the host. */
  project?: PathFn[];
}

/** An env marker set in processes the host spawns (runtime detection). */
export type EnvMarker = string | { name: string; equals: string };

/** What the server renderer receives: the effective server, launch already resolved. */
export interface ServerRenderInput {
  /** Connector id (the entry's key). */
  id: string;
  /** Host-facing label. */
  displayName: string;
  /** The effective server on this host. */
  server: ServerDef;
  /** For stdio: the command line the host runs (wrapped by serve when asked). */
  launch?: { command: string; args: string[]; env: Record<string, string> };
  /** For remote transports: url and headers with env references translated. */
  remote?: {
    /** The remote transport. */
    transport: Exclude<Transport, "stdio">;
    /** The url, references in the host's syntax. */
    url: string;
    /** Headers the host takes as written. */
    headers: Record<string, string>;
    /** Header → env var name, for hosts that take env names ({@link ServerSurface.envByName}). */
    envHeaders?: Record<string, string>;
    /** The env var holding the bearer token, for hosts that take env names. */
    bearerEnvVar?: string;
  };
}

/** A rendered native entry and the fields the host could not take. */
export interface RenderedEntry {
  /** The native entry, exactly as written. */
  entry: Record<string, unknown>;
  /**
   * Set when the host keeps the entry as one string instead of an object
   * (Mux: the server's shell command line); written in place of `entry`.
   */
  scalar?: string;
  /** Server fields dropped. */
  dropped: Dropped[];
  /** Set when the entry must not be written at all (reported with this reason). */
  skip?: string;
}

/**
 * What differs in one scope of a host whose scopes keep servers in files of
 * different shapes (Continue: a YAML list in `config.yaml` for the user, a
 * Claude-format JSON map in `.continue/mcpServers/` for a project).
 */
export type ServerScopeShape = Partial<
  Pick<ServerSurface, "format" | "collection" | "transports" | "envRef" | "render">
>;

/** Where and how a host registers MCP servers. */
export interface ServerSurface {
  /** The config file per scope. */
  paths: ScopePaths;
  /** Its format. */
  format: DataFormat;
  /** The map (or array keyed by `keyField`) holding servers. */
  collection: { at: KeyPath; keyField?: string };
  /** Transports the host can register. */
  transports: readonly Transport[];
  /** The host's env-reference syntax; without one, serve resolves references at launch. */
  envRef?: EnvRefSyntax;
  /**
   * Where the host expands {@link ServerSurface.envRef}: in every field
   * (default), or only in a stdio server's `env` block (Copilot CLI) — then
   * references elsewhere go to serve (stdio) or are reported (remote).
   */
  envRefScope?: "all" | "env";
  /**
   * The host takes env variables by name where it cannot interpolate them
   * (Codex: `env_vars`, `env_http_headers`, `bearer_token_env_var`); the
   * launch then hands the renderer names instead of reporting drops.
   */
  envByName?: boolean;
  /**
   * The host substitutes `{env:…}` anywhere in its config file (opencode:
   * opencode.ai/docs/config "Variables"), so serve's templates must use
   * spellings it leaves alone.
   */
  substitutesBraces?: boolean;
  /** The family renderer (adapters/render/server_entry.ts). */
  render(input: ServerRenderInput): RenderedEntry;
  /** Per-scope differences; read the surface through {@link serverSurfaceFor}. */
  scopes?: Partial<Record<ScopeName, ServerScopeShape>>;
}

/** A normalized event's native counterpart. */
export interface NativeEventSpec {
  /** The host's event name. */
  name: string;
  /** Whether the host filters this event by a matcher we render. */
  matcher?: boolean;
  /** Set when the native event only approximates the normalized one. */
  approx?: string;
  /**
   * More native events that run the same hook (Windsurf's PreToolUse is
   * `pre_run_command`, `pre_read_code`, `pre_write_code` and
   * `pre_mcp_tool_use`); the dialect tells them apart from the payload.
   */
  also?: readonly string[];
}

/**
 * How a host reads hook matchers: `re-prefixed` is a glob unless it starts
 * with `re:`, then a regex (Mistral Vibe).
 */
export type MatcherSyntax = "claude" | "regex" | "anchored-regex" | "re-prefixed" | "ignored";

/** What every hook surface states, whatever the host's hook paradigm. */
export interface HookSurfaceBase {
  /** The hook file (or folder, for scripts and plugins) per scope. */
  paths: ScopePaths;
  /** Normalized event → native event; a missing event is reported. */
  events: Partial<Record<HookEventName, NativeEventSpec>>;
  /**
   * Events the host names but never runs, with why (Cline's PreCompact;
   * every event of Continue, whose cn never fires its hook files): reported
   * like a missing event, with this reason. Entries of ours left in the
   * hook file by an older install are still removed.
   */
  unfired?: Partial<Record<HookEventName, string>>;
  /** How matchers are written. */
  matchers: MatcherSyntax;
  /** Free-form native event names are accepted (spec §2.3 nativeHooks). */
  nativeHooks?: boolean;
  /** Reply powers of the dialect, for capability flags. */
  powers: { modifyArgs: boolean; modifyOutput: boolean; sessionContext: boolean };
  /**
   * The host event whose payload carries the model's own token counts
   * (Gemini's AfterModel `usageMetadata`). With `telemetry.hostNativeUsage`
   * or `AGENT_CONNECTOR_HOST_NATIVE=1`, install registers the `usage-event`
   * entrypoint there (spec §5, host-native turns).
   */
  hostNativeUsage?: { event: string };
}

/** Command hooks registered as entries of a config file (most json-stdio hosts). */
export interface ConfigHookSurface extends HookSurfaceBase {
  /**
   * Claude-style `{matcher, hooks:[…]}` groups or flat entries, each in an
   * array per event under {@link ConfigHookSurface.at}; or `event-list`: one
   * array at `at` whose flat entries name their event (Kimi's TOML
   * `[[hooks]]` with `event = "PreToolUse"`).
   */
  layout: "nested-groups" | "flat-entries" | "event-list";
  /** Its format. */
  format: DataFormat;
  /** The object holding per-event arrays (`["hooks"]`). */
  at: KeyPath;
  /** The handler object for a command (`{type:"command", command}` …). */
  handler(command: string): Record<string, unknown>;
  /** Top-level keys the file needs (`{version: 1}`), set if absent. */
  header?: Record<string, unknown>;
  /**
   * For `event-list`: the item keys naming the native event and the matcher
   * (`event` and `matcher` unless set; Mistral Vibe: `type` and `match`).
   */
  itemKeys?: { event: string; matcher: string };
  /** For `event-list`: fields an item starts with, from its event and command (Vibe's `name`). */
  itemHead?(native: string, command: string): Record<string, unknown>;
  /**
   * Native events whose arrays hold bare handlers although the layout is
   * nested groups (Antigravity's `Stop`, `PreInvocation`, …: only its tool
   * events take `{matcher, hooks}` groups).
   */
  flatEvents?: readonly string[];
}

/** What a hook script is rendered from. */
export interface HookScriptInput {
  /** The native event (the script's name). */
  native: string;
  /** The command line the script runs. */
  command: string;
  /** The connector id (for the script's banner). */
  connectorId: string;
  /** The OS the script runs on. */
  os: OsName;
}

/** A whole file a hook surface writes and owns. */
export interface HookFile {
  /** File name inside the scope's folder. */
  name: string;
  /** Full text. */
  text: string;
  /** Permission bits (`0o755` for scripts). */
  mode?: number;
}

/**
 * Command hooks as one executable per native event in a folder, named after
 * the event (Cline: `.clinerules/hooks/PreToolUse`). Each script is ours
 * entirely and just runs the hook command.
 */
export interface ScriptHookSurface extends HookSurfaceBase {
  /** The layout. */
  layout: "script-per-event";
  /** Renders the script of one native event. */
  script(input: HookScriptInput): HookFile;
}

/** What a plugin module is rendered from. */
export interface HookPluginInput {
  /** The connector id. */
  connectorId: string;
  /** Absolute path of the home binary the plugin runs. */
  homeBin: string;
  /** The OS. */
  os: OsName;
  /** The declared events the host fires, with the connector's matchers. */
  events: Array<{ event: HookEventName; native: string; matcher?: string }>;
  /**
   * The server file the module bridges the connector's MCP server from
   * ({@link PluginHookSurface.bridgesServer}); absent when there is nothing to bridge.
   */
  serverFile?: string;
  /**
   * The connector's actions, for a module that offers them as host commands
   * ({@link PluginHookSurface.actionCommands}); absent or empty otherwise.
   */
  actions?: Array<{ id: string; label: string; description?: string }>;
  /**
   * The connector's `nativeHooks` names on this host (spec §2.3), verbatim,
   * when the surface sets `nativeHooks`: the module subscribes to each the
   * host's own way and sends its raw payload to `hook <host> <name>`.
   */
  natives?: string[];
}

/**
 * Hooks through one generated plugin module per connector in the host's
 * plugin folder (ts-plugin paradigm, spec §2.3: opencode). The module runs
 * the hook command for each event; it is ours entirely.
 */
export interface PluginHookSurface extends HookSurfaceBase {
  /** The layout. */
  layout: "plugin-module";
  /** Renders the module (its `name` may hold a sub-folder: `<folder>/index.js`). */
  module(input: HookPluginInput): HookFile;
  /**
   * The module also runs the connector's MCP server, read from the host's
   * server file (pi, which has no MCP of its own), so it is written whenever
   * the connector has a server on this host, hooks or not.
   */
  bridgesServer?: boolean;
  /**
   * The module offers each of the connector's actions as a host command
   * (pi's `registerCommand`, OpenClaw's `api.registerCommand`) through
   * the dispatch verb (spec §2.6): how the user runs them, for the capability flags.
   */
  actionCommands?: Pick<ActionSurface, "invocation" | "affordance">;
  /**
   * More whole files the plugin needs beside its module (OpenClaw's
   * `openclaw.plugin.json` manifest), named relative to the same folder.
   */
  companions?(input: HookPluginInput): HookFile[];
  /**
   * Entries in the host's config file without which the host never loads
   * the plugin (OpenClaw: `plugins.entries.<id>` and `plugins.load.paths`).
   */
  registration?: PluginRegistration;
}

/** What a plugin registration is rendered from. */
export interface PluginRegistrationInput extends HookPluginInput {
  /** Absolute path of the folder holding the module. */
  moduleDir: string;
}

/** One config entry of a plugin registration. */
export type PluginRegistrationEntry =
  /** A map entry we own at `at` (its last key is ours). */
  | { kind: "set"; at: KeyPath; value: Record<string, unknown>; label: string }
  /** A string item we own in the array at `at`. */
  | { kind: "item"; at: KeyPath; value: string; label: string };

/** Config entries that make a host load a generated plugin. */
export interface PluginRegistration {
  /** The config file per scope. */
  paths: ScopePaths;
  /** Its format. */
  format: DataFormat;
  /** The entries for one connector's plugin. */
  entries(input: PluginRegistrationInput): PluginRegistrationEntry[];
}

/** Where and how a host registers hooks. */
export type HookSurface = ConfigHookSurface | ScriptHookSurface | PluginHookSurface;

/** True when `surface` keeps hooks as entries of a config file. */
export function isConfigHookSurface(surface: HookSurface): surface is ConfigHookSurface {
  return surface.layout === "nested-groups" || surface.layout === "flat-entries" ||
    surface.layout === "event-list";
}

/** Files a content surface writes, relative to the surface folder. */
export interface RenderedFiles {
  /** Relative path → file text. */
  files: Array<{ path: string; text: string }>;
  /** Fields the host cannot take. */
  dropped: Dropped[];
}

/** A content surface: a folder per scope and a renderer per definition. */
export interface FileSurface<D> {
  /** The folder per scope. */
  paths: ScopePaths;
  /** Renders one definition into files below the folder. */
  render(def: D): RenderedFiles;
}

/** Read-only looks at the disk, for hosts whose targets depend on what exists. */
export interface Probe {
  /** The file's text, or undefined when it does not exist or cannot be read. */
  readText(path: string): string | undefined;
  /** True when something exists at `path`. */
  exists(path: string): boolean;
  /** The real path behind `path` (symlinks followed), or undefined. */
  realPath(path: string): string | undefined;
}

/** What a memory placement decides from. */
export interface MemoryPlaceInput {
  /** The scope. */
  scope: ScopeName;
  /** The descriptor's default file for the scope. */
  defaultPath: string;
  /** `platforms[id].memory` tuning. */
  mode?: "block" | "agents-import";
  /** Path context (to compute sibling files). */
  ctx: PathContext;
  /** Disk probe. */
  probe: Probe;
}

/** Where memory blocks go, plus a bridge block (Claude's `@AGENTS.md` import). */
export interface MemoryPlacement {
  /** The file holding the connector's blocks. */
  target: string;
  /** A shared, ref-counted bridge block written beside the target. */
  bridge?: {
    /** The file holding the bridge block. */
    file: string;
    /** Its name under the reserved `_shared/` prefix. */
    name: string;
    /** Its content. */
    content: string;
  };
  /** The bridge file the host reads (kept even when we write no bridge). */
  bridgeFile?: string;
  /** A note printed as a `=` record (e.g. "existing @AGENTS.md import detected"). */
  note?: string;
  /**
   * Text a target file we create starts with: the frontmatter a dedicated
   * rules file needs to apply (VS Code's `applyTo: "**"`). A file we created
   * that holds only this head again is deleted on uninstall.
   */
  head?: string;
}

/** Where a host's memory block goes. */
export interface MemorySurface {
  /** The memory file per scope. */
  paths: ScopePaths;
  /**
   * Host-specific placement (Claude's agents-import; first-match readers);
   * without it the block goes to the scope's path.
   */
  place?(input: MemoryPlaceInput): MemoryPlacement;
  /** The host takes `platforms[id].memory.mode` (claude-code only). */
  acceptsMode?: boolean;
  /**
   * The most the memory file should hold, with the host's reason (Codex
   * stops reading project docs at 32 KiB); beyond it install warns.
   */
  budget?: { bytes: number; why: string };
  /**
   * For a dedicated rules file we create (Windsurf, Continue): the text that
   * must lead it — frontmatter such as `trigger: always_on` — written when
   * the file is created and taken away with the last block.
   */
  head?: string;
}

/** A command status line in a settings file (set-if-absent through the patch ledger). */
export interface StatuslineSurface {
  /** The settings file per scope. */
  paths: ScopePaths;
  /** The settings file's format (default JSON); in TOML the value is a table. */
  format?: "json" | "toml";
  /** The key holding the status line, dotted when nested (`ui.statusLine`, `ui.status_line`). */
  key: string;
  /** The value to write. */
  render(command: string, options: StatuslineOptions): Record<string, unknown>;
  /** Option support flags. */
  supports: {
    refreshInterval?: boolean;
    respectUserColors?: boolean;
    hideContextIndicator?: boolean;
  };
  /** The host's own row cap. */
  maxLines?: number;
}

/** Host settings keys a connector may set if absent (spec §2.8). */
export interface ConfigPatchSurface {
  /** The one patchable file per scope. */
  paths: ScopePaths;
  /** Its format. */
  format: DataFormat;
  /** Returns why `key` (with `value`) is refused (the sensitive-key denylist), or undefined. */
  denied(key: string, value?: unknown): string | undefined;
}

/** Everything factual about one host. */
export interface HostDescriptor {
  /** Host id (spec §6). */
  id: HostId;
  /** Human name. */
  name: string;
  /** How it runs hooks. */
  paradigm: HookParadigm;
  /** Install-time markers. */
  detect: DetectionSpec;
  /**
   * Where this host's facts were checked (adapters/<id>/SOURCES.md): its
   * public source, or only docs and runs of it (closed source). Shown in the
   * capability flags.
   */
  factsFrom?: "source" | "docs";
  /** MCP registration. */
  server?: ServerSurface;
  /** Command hooks (json-stdio). */
  hooks?: HookSurface;
  /** Slash commands. */
  commands?: FileSurface<CommandDef>;
  /** Agent Skills. */
  skills?: FileSurface<SkillDef>;
  /** Subagents. */
  subagents?: FileSurface<SubagentDef>;
  /** Memory block target. */
  memory?: MemorySurface;
  /** Command status line. */
  statusline?: StatuslineSurface;
  /** configPatch keys. */
  configPatch?: ConfigPatchSurface;
  /** Entries the user runs the connector's actions from (Zed's tasks). */
  actions?: ActionSurface;
  /**
   * Standing doctor notes for this host (`Codex asks to trust a new hook`, …),
   * each printed only for an install row it concerns (see {@link DoctorNote});
   * a plain string concerns every row.
   */
  doctorNotes?: readonly (string | DoctorNote)[];
  /**
   * Host-specific doctor checks of the user's own settings for one scope
   * (hooks switched off, …). Read-only: they look, never change.
   */
  doctorChecks?(input: DoctorCheckInput): Promise<HostFinding[]>;
}

/** A surface a doctor note can be about (see {@link DoctorNote}). */
export type DoctorNoteSurface = "server" | "hooks" | "memory" | "hostNativeUsage";

/**
 * One standing doctor note of a host and what it concerns. doctor prints it
 * for an install row only when every condition given holds; a note with none
 * concerns every row.
 */
export interface DoctorNote {
  /** The note, one sentence. */
  text: string;
  /**
   * The connector's surface(s) the note is about: it applies when the
   * re-render writes (or finds in place) at least one of them for this host.
   */
  about?: DoctorNoteSurface | readonly DoctorNoteSurface[];
  /** A normalized hook event the note is about: it applies when that hook is written. */
  event?: HookEventName;
  /** The one scope the note applies in. */
  scope?: ScopeName;
}

/** What a host-specific doctor check looks at. */
export interface DoctorCheckInput {
  /** The scope installed. */
  scope: ScopeName;
  /** Paths are computed in this context. */
  ctx: PathContext;
  /** Read-only disk access. */
  probe: Probe;
}

/** A host-specific doctor finding. */
export interface HostFinding {
  /** How bad. */
  status: "warn" | "fail";
  /** What is wrong, naming the file. */
  message: string;
  /** The manual step that fixes it. */
  fix?: string;
}

/** A descriptor with its capability flags derived from it. */
export interface HostAdapter extends HostDescriptor {
  /** Spec §4 flags, computed from the descriptor so they cannot disagree with it. */
  capabilities: PlatformCapabilities;
}

const EVENT_FLAG: Record<HookEventName, keyof PlatformCapabilities> = {
  SessionStart: "sessionStart",
  SessionEnd: "sessionEnd",
  UserPromptSubmit: "userPromptSubmit",
  PreToolUse: "preToolUse",
  PostToolUse: "postToolUse",
  PreCompact: "preCompact",
  Stop: "stop",
  Notification: "notification",
  PermissionRequest: "permissionRequest",
  PostToolUseFailure: "postToolUseFailure",
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
  PostCompact: "postCompact",
};

/**
 * How a host lets the user run the connector's actions: its action surface,
 * or the commands its generated plugin module offers (pi); undefined when
 * it has neither.
 */
export function actionTrigger(
  d: HostDescriptor,
): Pick<ActionSurface, "invocation" | "affordance" | "paths"> | undefined {
  if (d.actions) return d.actions;
  if (d.hooks?.layout !== "plugin-module" || !d.hooks.actionCommands) return undefined;
  return { ...d.hooks.actionCommands, paths: d.hooks.paths };
}

/** Derives the spec §4 capability flags from a descriptor. */
export function capabilitiesFromDescriptor(d: HostDescriptor): PlatformCapabilities {
  const caps = {
    canModifyArgs: d.hooks?.powers.modifyArgs ?? false,
    canModifyOutput: d.hooks?.powers.modifyOutput ?? false,
    canInjectSessionContext: d.hooks?.powers.sessionContext ?? false,
    transports: [...(d.server?.transports ?? [])],
  } as PlatformCapabilities;
  for (const event of HOOK_EVENT_NAMES) {
    (caps as unknown as Record<string, boolean>)[EVENT_FLAG[event]] = Boolean(
      d.hooks?.events[event],
    );
  }
  caps.supportsCommands = Boolean(d.commands);
  caps.supportsSkills = Boolean(d.skills);
  caps.supportsSubagents = Boolean(d.subagents);
  caps.supportsMemory = Boolean(d.memory);
  caps.supportsStatusline = Boolean(d.statusline);
  caps.supportsConfigPatch = Boolean(d.configPatch);
  caps.supportsNativeHooks = Boolean(d.hooks?.nativeHooks);
  const actions = actionTrigger(d);
  caps.supportsActions = Boolean(actions);
  if (d.factsFrom) caps.factsFrom = d.factsFrom;
  if (actions) {
    caps.actionInvocationMode = actions.invocation;
    caps.actionAffordanceKind = actions.affordance;
  }
  if (d.statusline) {
    caps.statuslineMode = "command-stdin";
    caps.statuslineSupportsRefreshInterval = d.statusline.supports.refreshInterval ?? false;
    caps.statuslineSupportsRespectUserColors = d.statusline.supports.respectUserColors ?? false;
    caps.statuslineSupportsHideContextIndicator = d.statusline.supports.hideContextIndicator ??
      false;
    if (d.statusline.maxLines) caps.statuslineMaxLines = d.statusline.maxLines;
  }
  return caps;
}

/** Turns a descriptor into a registered adapter. */
export function defineHost(d: HostDescriptor): HostAdapter {
  return { ...d, capabilities: capabilitiesFromDescriptor(d) };
}

/** The server surface as it applies in `scope` (per-scope shapes merged in). */
export function serverSurfaceFor(surface: ServerSurface, scope: ScopeName): ServerSurface {
  const shape = surface.scopes?.[scope];
  return shape ? { ...surface, ...shape } : surface;
}

/**
 * Every place an install writes a surface of `scope` ({@link PathFn.targets}:
 * more than one where the host's runtimes each read their own copy), empty
 * when the host has none. The whole-file surfaces — commands, skills,
 * subagents, hook scripts and plugin modules — and memory are written to
 * each; a surface edited as entries of one config file names one place.
 */
export function scopeTargets(
  paths: ScopePaths | undefined,
  scope: ScopeName,
  ctx: PathContext,
): string[] {
  return paths?.[scope]?.targets(ctx) ?? [];
}

/**
 * Every place to look for what an install wrote in `scope`
 * ({@link PathFn.all}, which includes a place an earlier install wrote
 * before the targets changed), targets first.
 */
export function scopePlaces(
  paths: ScopePaths | undefined,
  scope: ScopeName,
  ctx: PathContext,
): string[] {
  const fn = paths?.[scope];
  return fn ? [...new Set([...fn.targets(ctx), ...fn.all(ctx)])] : [];
}

/** Computes a surface's path for `scope` (its first target), or undefined when the host has none. */
export function scopePath(
  paths: ScopePaths | undefined,
  scope: ScopeName,
  ctx: PathContext,
): string | undefined {
  const fn = paths?.[scope];
  return fn ? fn(ctx) : undefined;
}
