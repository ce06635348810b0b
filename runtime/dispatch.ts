/**
 * The hook chain: stdin text → parse → matcher → handler → native reply.
 * `agent-connector hook` and `sdk/test` `simulate` both run exactly this
 * function, so what a test simulates is what a host gets.
 *
 * Never throws: every failure becomes "no reply" (fail-open, spec §2.3), with
 * the cause kept in the result for simulate and telemetry.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { HookEventName, HookResponse } from "../core/hook_types.ts";
import { isHookEventName } from "../core/hook_types.ts";
import type { PlatformId } from "../core/platform_types.ts";
import { eventMatches, MATCHER_SUBJECT } from "../core/matcher.ts";
import { effectiveHooks, effectiveNativeHooks } from "../core/overrides.ts";
import { type HookDialect, type NativeReply, NO_REPLY, obj } from "../adapters/dialect.ts";

/** What to run. */
export interface HookRunInput {
  /** The connector whose handler runs. */
  connector: ResolvedConnector;
  /** The host the payload came from. */
  platform: PlatformId;
  /** A normalized event name, or a host-native one for `nativeHooks`. */
  event: string;
  /** The host's stdin, as text. */
  stdin: string;
  /** The host's dialect; without one only native hooks can run. */
  dialect?: HookDialect;
}

/** Why nothing ran, when nothing did. */
export type HookSkip =
  | "malformed-input"
  | "no-handler"
  | "matcher-excluded"
  | "no-dialect";

/** What the chain did. */
export interface HookRunResult {
  /** What to write and how to exit. */
  reply: NativeReply;
  /** Normalized event, native passthrough, or neither (unknown event). */
  kind: "normalized" | "native" | "unknown";
  /** The normalized event, when it is one. */
  event?: HookEventName;
  /** True when a handler ran (even if it threw). */
  ran: boolean;
  /** Why no handler ran. */
  skipped?: HookSkip;
  /** The handler's normalized response. */
  response?: HookResponse;
  /** What the handler threw (the reply is then empty). */
  error?: unknown;
  /** The parsed stdin object. */
  raw?: Record<string, unknown>;
}

/**
 * Parses hook stdin tolerantly: a BOM and surrounding whitespace are ignored
 * and empty input is `{}`. Anything but a JSON object is `undefined`.
 */
export function parseStdin(text: string): Record<string, unknown> | undefined {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") return {};
  try {
    return obj(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
}

/** Runs the chain for one hook call. Never throws. */
export async function runHook(input: HookRunInput): Promise<HookRunResult> {
  const { connector, platform, event } = input;
  const raw = parseStdin(input.stdin);
  const kind = isHookEventName(event)
    ? "normalized"
    : event in effectiveNativeHooks(connector, platform)
    ? "native"
    : "unknown";
  const base = { kind, event: isHookEventName(event) ? event : undefined, raw } as const;
  if (kind === "unknown") return { ...base, reply: NO_REPLY, ran: false, skipped: "no-handler" };
  if (!raw) return { ...base, reply: NO_REPLY, ran: false, skipped: "malformed-input" };
  if (kind === "native") return await runNative(input, raw);
  return await runNormalized(input, event as HookEventName, raw);
}

async function runNormalized(
  input: HookRunInput,
  event: HookEventName,
  raw: Record<string, unknown>,
): Promise<HookRunResult> {
  const base = { kind: "normalized", event, raw } as const;
  const def = effectiveHooks(input.connector, input.platform)[event];
  if (typeof def?.handler !== "function") {
    return { ...base, reply: NO_REPLY, ran: false, skipped: "no-handler" };
  }
  if (!input.dialect) return { ...base, reply: NO_REPLY, ran: false, skipped: "no-dialect" };
  let payload;
  try {
    payload = {
      ...input.dialect.parse(event, raw),
      hostPlatform: input.platform,
      connectorId: input.connector.id,
      raw,
    };
  } catch {
    return { ...base, reply: NO_REPLY, ran: false, skipped: "malformed-input" };
  }
  const subject = payload as { toolName?: string; agentType?: string };
  // A tool event that names no tool is not one the host sent (every host
  // names the tool): a handler must not decide on it.
  if (MATCHER_SUBJECT[event] === "tool" && !subject.toolName) {
    return { ...base, reply: NO_REPLY, ran: false, skipped: "malformed-input" };
  }
  if (!eventMatches(event, def.matcher, subject)) {
    return { ...base, reply: NO_REPLY, ran: false, skipped: "matcher-excluded" };
  }
  try {
    // deno-lint-ignore no-explicit-any
    const result = await (def.handler as (e: any) => unknown)(payload);
    const response = obj(result) as HookResponse | undefined;
    return { ...base, reply: input.dialect.format(event, response, raw), ran: true, response };
  } catch (error) {
    return { ...base, reply: NO_REPLY, ran: true, error };
  }
}

async function runNative(
  input: HookRunInput,
  raw: Record<string, unknown>,
): Promise<HookRunResult> {
  const base = { kind: "native", raw } as const;
  const def = effectiveNativeHooks(input.connector, input.platform)[input.event];
  if (typeof def?.handler !== "function") {
    return { ...base, reply: NO_REPLY, ran: false, skipped: "no-handler" };
  }
  const session = input.dialect?.session(raw) ?? { sessionId: "" };
  try {
    const result = await def.handler({
      event: input.event,
      hostPlatform: input.platform,
      sessionId: session.sessionId,
      projectDir: session.projectDir,
      raw,
    });
    if (result === undefined) return { ...base, reply: NO_REPLY, ran: true };
    // Raw in, verbatim out (spec §2.3): the return value IS the reply.
    const stdout = JSON.stringify(result);
    return {
      ...base,
      reply: stdout === undefined ? NO_REPLY : { exitCode: 0, stdout: `${stdout}\n`, stderr: "" },
      ran: true,
    };
  } catch (error) {
    return { ...base, reply: NO_REPLY, ran: true, error };
  }
}
