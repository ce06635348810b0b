/**
 * The normalized hook model: 13 events, their payloads, the reply a handler
 * returns, and the native passthrough for host-only events (spec §2.3).
 *
 * @module
 */

import type { PlatformId } from "./platform_types.ts";

/** The 13 normalized hook events, in spec order. */
export const HOOK_EVENT_NAMES = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "Stop",
  "Notification",
  "PermissionRequest",
  "PostToolUseFailure",
  "SubagentStart",
  "SubagentStop",
  "PostCompact",
] as const;

/** One normalized hook event name. */
export type HookEventName = typeof HOOK_EVENT_NAMES[number];

/** Returns true when `value` is one of the 13 normalized event names. */
export function isHookEventName(value: unknown): value is HookEventName {
  return typeof value === "string" && (HOOK_EVENT_NAMES as readonly string[]).includes(value);
}

/** Fields every normalized event carries. */
export interface BaseHookEvent {
  /** The host that fired the event. */
  hostPlatform: PlatformId;
  /** The connector whose handler runs. */
  connectorId: string;
  /** The host's session id, or `""` when it gives none. */
  sessionId: string;
  /** The project the host is working in, when known. */
  projectDir?: string;
  /** The host's payload, verbatim. */
  raw: unknown;
}

/** A session began. */
export interface SessionStartEvent extends BaseHookEvent {
  /** Why the session started. */
  source: "startup" | "compact" | "resume" | "clear";
}

/** A session ended. */
export interface SessionEndEvent extends BaseHookEvent {
  /** The host's reason, when given. */
  reason?: string;
}

/** The user submitted a prompt. */
export interface UserPromptSubmitEvent extends BaseHookEvent {
  /** The prompt text. */
  prompt: string;
}

/** A tool is about to run. */
export interface PreToolUseEvent extends BaseHookEvent {
  /** The tool's name as the host reports it. */
  toolName: string;
  /** The tool's arguments. */
  toolInput: Record<string, unknown>;
}

/** A tool finished. */
export interface PostToolUseEvent extends BaseHookEvent {
  /** The tool's name. */
  toolName: string;
  /** The tool's arguments. */
  toolInput: Record<string, unknown>;
  /** The tool's output as text, when the host gives it. */
  toolOutput?: string;
  /** True when the tool reported an error. */
  isError?: boolean;
}

/** The conversation is about to be compacted. */
export interface PreCompactEvent extends BaseHookEvent {
  /** What triggered compaction. */
  trigger?: "auto" | "manual";
}

/** The agent is about to stop. */
export interface StopEvent extends BaseHookEvent {
  /** True when a Stop hook already kept the agent going once. */
  stopHookActive?: boolean;
}

/** The host shows a notification. */
export interface NotificationEvent extends BaseHookEvent {
  /** The notification text. */
  message: string;
}

/** The host is about to show a permission dialog. */
export interface PermissionRequestEvent extends BaseHookEvent {
  /** The tool's name. */
  toolName: string;
  /** The tool's arguments. */
  toolInput: Record<string, unknown>;
  /** The host's own dialog suggestions, passed through. */
  permissionSuggestions?: unknown[];
}

/** A tool call failed. */
export interface PostToolUseFailureEvent extends BaseHookEvent {
  /** The tool's name. */
  toolName: string;
  /** The tool's arguments. */
  toolInput: Record<string, unknown>;
  /** The host's id for the call. */
  toolUseId?: string;
  /** The error text. */
  error: string;
  /** True when the user interrupted the call. */
  isInterrupt?: boolean;
  /** How long the call ran. */
  durationMs?: number;
}

/** A subagent started. */
export interface SubagentStartEvent extends BaseHookEvent {
  /** The subagent's id. */
  agentId?: string;
  /** The subagent's type. */
  agentType?: string;
}

/** A subagent is about to stop. */
export interface SubagentStopEvent extends BaseHookEvent {
  /** The subagent's id. */
  agentId?: string;
  /** The subagent's type. */
  agentType?: string;
  /** Where the subagent's transcript is. */
  agentTranscriptPath?: string;
  /** The subagent's last message. */
  lastAssistantMessage?: string;
  /** True when a stop hook already kept it going once. */
  stopHookActive?: boolean;
}

/** The conversation was compacted (observational). */
export interface PostCompactEvent extends BaseHookEvent {
  /** What triggered compaction. */
  trigger?: "auto" | "manual";
}

/** Maps each event name to its payload type. */
export interface EventPayloadMap {
  /** SessionStart payload. */
  SessionStart: SessionStartEvent;
  /** SessionEnd payload. */
  SessionEnd: SessionEndEvent;
  /** UserPromptSubmit payload. */
  UserPromptSubmit: UserPromptSubmitEvent;
  /** PreToolUse payload. */
  PreToolUse: PreToolUseEvent;
  /** PostToolUse payload. */
  PostToolUse: PostToolUseEvent;
  /** PreCompact payload. */
  PreCompact: PreCompactEvent;
  /** Stop payload. */
  Stop: StopEvent;
  /** Notification payload. */
  Notification: NotificationEvent;
  /** PermissionRequest payload. */
  PermissionRequest: PermissionRequestEvent;
  /** PostToolUseFailure payload. */
  PostToolUseFailure: PostToolUseFailureEvent;
  /** SubagentStart payload. */
  SubagentStart: SubagentStartEvent;
  /** SubagentStop payload. */
  SubagentStop: SubagentStopEvent;
  /** PostCompact payload. */
  PostCompact: PostCompactEvent;
}

/** Any normalized event payload. */
export type HookEvent = EventPayloadMap[HookEventName];

/** What a handler may decide. */
export type HookDecision = "allow" | "deny" | "modify" | "context" | "ask";

/** The normalized reply a handler returns; adapters format it per host. */
export interface HookResponse {
  /** The decision; `allow` when omitted. */
  decision?: HookDecision;
  /** Shown to the model or user; expected for deny and ask. */
  reason?: string;
  /** Replacement tool input, with `modify`. */
  updatedInput?: Record<string, unknown>;
  /** Soft guidance, with `context` or on SessionStart. */
  additionalContext?: string;
  /** Rewritten tool output, PostToolUse only. */
  updatedOutput?: string;
}

/** A handler for one normalized event. */
export type HookHandler<E extends HookEventName> = (
  event: EventPayloadMap[E],
) => HookResponse | void | Promise<HookResponse | void>;

/** One declared hook: an optional matcher and its handler. */
export interface HookDefinition<E extends HookEventName = HookEventName> {
  /**
   * A regex on the tool name (tool events) or agent type (subagent events);
   * empty or omitted matches everything.
   */
  matcher?: string;
  /** Runs when the event fires and the matcher matches. */
  handler: HookHandler<E>;
}

/** The hooks a connector declares, one per normalized event. */
export type HooksConfig = { [E in HookEventName]?: HookDefinition<E> };

/** The payload a native (host-only) hook handler receives. */
export interface NativeHookEvent {
  /** The host's event name, verbatim. */
  event: string;
  /** The host that fired it. */
  hostPlatform: PlatformId;
  /** The host's session id, or `""`. */
  sessionId: string;
  /** The project dir, when the host gives one. */
  projectDir?: string;
  /** The host's stdin payload, untouched. */
  raw: unknown;
}

/**
 * A handler for a host event outside the normalized union. Its return value is
 * written verbatim as the JSON reply; `undefined` means no output.
 */
export interface NativeHookDef {
  /** A host-native matcher, written verbatim. */
  matcher?: string;
  /** Runs on the event; returns the host's native reply. */
  handler(event: NativeHookEvent): unknown | Promise<unknown>;
}
