/**
 * The reply dialect contract: how one host family's hook payloads are read
 * and how a normalized {@link HookResponse} is written back. The hook
 * entrypoint and `sdk/test` `simulate` call the same functions, so they
 * cannot drift.
 *
 * A dialect module must stay lean: it is loaded on every hook call, so it
 * imports only types and `node:` built-ins.
 *
 * @module
 */

import type { HookDecision, HookEventName, HookResponse } from "../core/hook_types.ts";
import type { StatuslineContext } from "../core/connector_types.ts";

/** What a hook process writes and how it exits. */
export interface NativeReply {
  /** Exit code. */
  exitCode: number;
  /** Text written to stdout ("" for none). */
  stdout: string;
  /** Text written to stderr ("" for none). */
  stderr: string;
}

/** The reply that writes nothing: exit 0, no output. */
export const NO_REPLY: NativeReply = Object.freeze({ exitCode: 0, stdout: "", stderr: "" });

/**
 * The event-specific fields of a normalized payload plus `sessionId` and
 * `projectDir`; the runtime adds `hostPlatform`, `connectorId` and `raw`.
 */
export type ParsedPayload = Record<string, unknown> & {
  /** The host's session id, or "". */
  sessionId: string;
  /** The project dir, when the payload names one. */
  projectDir?: string;
};

/** Whether the host acts on the handler's decision, and why. */
export interface Verdict {
  /** True when the host would act on the decision as the handler meant it. */
  honored: boolean;
  /** One sentence naming the host behaviour. */
  reason: string;
}

/** One host family's hook wire format. */
export interface HookDialect {
  /** A short name for messages (`claude`, `codex`, …). */
  name: string;
  /** Reads the host's stdin object for a normalized event. */
  parse(event: HookEventName, raw: Record<string, unknown>): ParsedPayload;
  /** Reads session id and project dir for a native (passthrough) event. */
  session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string };
  /**
   * Writes `response` as the host's native reply; `undefined` (the handler
   * returned nothing) is a pass-through. `raw` is the host's payload, for
   * hosts whose reply depends on it (Gemini merges `tool_input` over the
   * model's arguments, so what a rewrite does depends on what was there).
   */
  format(
    event: HookEventName,
    response: HookResponse | undefined,
    raw?: Record<string, unknown>,
  ): NativeReply;
  /**
   * Judges a reply by parsing it back under the host's contract for `event`
   * and comparing what the host will do with what `response` asked for,
   * given the payload `raw` the reply answers (when known).
   */
  judge(
    event: HookEventName,
    response: HookResponse | undefined,
    reply: NativeReply,
    raw?: Record<string, unknown>,
  ): Verdict;
  /** Reads a status-line payload, for hosts with a command status line. */
  statusline?(raw: Record<string, unknown>): Omit<StatuslineContext, "host" | "connectorId">;
}

/** Returns `value` when it is a string, else undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Returns `value` when it is a boolean, else undefined. */
export function bool(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

/** Returns `value` when it is a finite number, else undefined. */
export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Returns `value` when it is a plain object, else undefined. */
export function obj(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

/** Serializes a JSON reply the way hosts read it: one line, newline-terminated. */
export function jsonReply(value: unknown): NativeReply {
  return { exitCode: 0, stdout: `${JSON.stringify(value)}\n`, stderr: "" };
}

/** Parses a reply's stdout as a JSON object, or undefined. */
export function replyJson(reply: NativeReply): Record<string, unknown> | undefined {
  const text = reply.stdout.trim();
  if (!text.startsWith("{")) return undefined;
  try {
    return obj(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The decision a response asks for: explicit, else `context` when it carries context. */
export function requestedDecision(response: HookResponse | undefined): HookDecision | "none" {
  if (!response) return "none";
  if (response.decision) return response.decision;
  return response.additionalContext ? "context" : "none";
}

/** What a JSON reply makes the host do, read back from its stdout. */
export interface ReadBack {
  /** The decision the host acts on. */
  decision?: "deny" | "ask" | "allow";
  /** The replacement tool input. */
  updatedInput?: unknown;
  /** The replacement tool output. */
  updatedOutput?: unknown;
  /** The context that reaches the model. */
  context?: string;
}

/** How a host treats one event's decisions, for {@link judgeReadBack}. */
export interface JudgeRules {
  /** The host's name in verdicts. */
  host: string;
  /** An explicit allow grants the permission (no dialog is shown). */
  grants: boolean;
  /** A deny the host cannot enforce reaches the model as a context note. */
  denyAsContext: boolean;
  /** The host's own permission dialog asks: the reply must stay empty. */
  askByDialog: boolean;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Judges what a JSON-reply host read back (`got`) against what `response`
 * asked for: the verdict every JSON dialect's `judge` gives.
 */
export function judgeReadBack(
  rules: JudgeRules,
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
  got: ReadBack,
): Verdict {
  const host = rules.host;
  switch (requestedDecision(response)) {
    case "none":
    case "allow":
      if (rules.grants && response?.decision === "allow") {
        return got.decision === "allow"
          ? { honored: true, reason: "an explicit allow grants the permission; no dialog is shown" }
          : { honored: false, reason: "the reply does not grant the permission" };
      }
      return got.decision === "deny" || got.decision === "ask"
        ? { honored: false, reason: `the reply ${got.decision}s although the handler allowed` }
        : { honored: true, reason: `${event} passes through` };
    case "deny":
      if (got.decision === "deny") {
        const what = event === "Stop" || event === "SubagentStop"
          ? "keeps the agent running with the reason as its next instruction"
          : `blocks ${event}`;
        return { honored: true, reason: `deny ${what}` };
      }
      if (rules.denyAsContext && got.context !== undefined) {
        return {
          honored: false,
          reason: `${event} cannot be blocked; the reason degrades to a context note`,
        };
      }
      return { honored: false, reason: `${host} cannot deny ${event}; the deny is dropped` };
    case "ask":
      if (rules.askByDialog) {
        return reply.stdout === ""
          ? { honored: true, reason: `${host}'s own permission dialog asks the user` }
          : { honored: false, reason: "the reply decides instead of letting the dialog ask" };
      }
      if (got.decision === "ask") {
        return { honored: true, reason: `${host} asks the user to confirm` };
      }
      return got.decision === "deny"
        ? { honored: false, reason: `${host} cannot ask on ${event}; the ask is written as a deny` }
        : { honored: false, reason: `${host} cannot ask on ${event}; the ask is dropped` };
    case "modify":
      if (event === "PostToolUse") {
        return got.updatedOutput !== undefined && same(got.updatedOutput, response?.updatedOutput)
          ? { honored: true, reason: "the tool output is replaced" }
          : { honored: false, reason: `${host} cannot replace the output of ${event}` };
      }
      return got.updatedInput !== undefined && same(got.updatedInput, response?.updatedInput)
        ? { honored: true, reason: "the tool input is replaced" }
        : { honored: false, reason: `${host} cannot modify input on ${event}` };
    case "context":
      return got.context !== undefined && got.context === response?.additionalContext
        ? { honored: true, reason: "the context reaches the model" }
        : { honored: false, reason: `${host} takes no context on ${event}; it is dropped` };
  }
}
