/**
 * `simulate`: runs the runtime's own hook (or status-line) chain in-process
 * and judges the host reply under the host's contract.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { HookEventName } from "../core/hook_types.ts";
import { isHookEventName } from "../core/hook_types.ts";
import type { PlatformId } from "../core/platform_types.ts";
import { surfaceDisabled } from "../core/overrides.ts";
import { loadAdapter, loadDialect } from "../adapters/registry.ts";
import { type NativeReply, replyJson } from "../adapters/dialect.ts";
import { runHook } from "../runtime/dispatch.ts";
import { runStatusline } from "../runtime/statusline.ts";

/** What to simulate. */
export interface SimulateOptions {
  /** Which handler surface. */
  surface: "hooks" | "statusline";
  /** The host. */
  host: PlatformId;
  /** The event (normalized, or a native event declared in `nativeHooks`); required for hooks. */
  event?: HookEventName | string;
  /** The host-shaped payload (an object, or raw stdin text). */
  input: unknown;
  /**
   * How long the handler (or render) may take before the verdict says it did
   * not settle; default 30 000 ms, the hook timeout of VS Code and Copilot.
   */
  timeoutMs?: number;
}

/** The default of {@link SimulateOptions.timeoutMs}. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** Resolves `work`, or `TIMED_OUT` once `ms` have passed (the timer keeps the process alive). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TIMED_OUT>((done) => {
    timer = setTimeout(() => done(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const TIMED_OUT: unique symbol = Symbol("timed out");

function shownMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The verdict. */
export interface SimulateResult {
  /** True when the host would act on what the handler decided. */
  honored: boolean;
  /** The host's reply: parsed JSON, text, or undefined when it writes nothing. */
  hostReply?: unknown;
  /** Why. */
  reason: string;
}

function stdinOf(input: unknown): string {
  return typeof input === "string" ? input : JSON.stringify(input ?? {});
}

function shownReply(reply: NativeReply): unknown {
  if (reply.stdout === "" && reply.exitCode === 0) return undefined;
  return replyJson(reply) ?? reply.stdout;
}

/** Runs the real parse → matcher → handler → format chain for one payload, offline. */
export async function simulate(
  connector: ResolvedConnector,
  opts: SimulateOptions,
): Promise<SimulateResult> {
  const adapter = await loadAdapter(opts.host);
  if (!adapter) return { honored: false, reason: `"${opts.host}" is not a registered host` };
  const dialect = await loadDialect(opts.host);
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (opts.surface === "statusline") {
    if (!adapter.statusline) {
      return { honored: false, reason: `${adapter.name} has no command status line` };
    }
    if (!connector.statusline) {
      return { honored: false, reason: "the connector declares no statusline" };
    }
    const text = await within(
      runStatusline({
        connector,
        platform: opts.host,
        stdin: stdinOf(opts.input),
        dialect,
        hostMaxLines: adapter.statusline.maxLines,
      }),
      timeout,
    );
    if (text === TIMED_OUT) {
      return {
        honored: false,
        reason: `render did not settle within ${shownMs(timeout)}; the status line stays empty`,
      };
    }
    return text
      ? { honored: true, hostReply: text, reason: `${adapter.name} shows the rendered line` }
      : {
        honored: false,
        reason: "render produced nothing (or failed); the status line stays empty",
      };
  }
  const event = opts.event;
  if (!event) return { honored: false, reason: "simulate: event is required for hooks" };
  if (isHookEventName(event)) {
    if (surfaceDisabled(connector, opts.host, "hooks")) {
      return { honored: false, reason: `hooks are disabled on ${opts.host} by platforms override` };
    }
    if (!adapter.hooks?.events[event]) {
      return {
        honored: false,
        reason: `${adapter.name} has no ${event} event; the hook is not installed`,
      };
    }
  } else if (!adapter.hooks?.nativeHooks) {
    return { honored: false, reason: `${adapter.name} takes no native hooks` };
  }
  const result = await within(
    runHook({ connector, platform: opts.host, event, stdin: stdinOf(opts.input), dialect }),
    timeout,
  );
  if (result === TIMED_OUT) {
    return {
      honored: false,
      reason: `the handler did not settle within ${shownMs(timeout)}; the host cuts the hook ` +
        "off at its own timeout (30 s on VS Code and Copilot), and a promise that never " +
        "settles ends the hook with exit 0, no output",
    };
  }
  const hostReply = shownReply(result.reply);
  if (result.skipped === "malformed-input") {
    return {
      honored: false,
      reason: "the input is not a JSON object (or a tool event names no tool); the hook " +
        "exits 0 with no output",
    };
  }
  if (result.skipped === "matcher-excluded") {
    return { honored: false, reason: "matcher excluded this input — handler not run" };
  }
  if (result.skipped) return { honored: false, reason: `no handler for ${event} on ${opts.host}` };
  if (result.error !== undefined) {
    const message = result.error instanceof Error ? result.error.message : String(result.error);
    return {
      honored: false,
      reason: `the handler threw (${message}); the hook fails open: exit 0, no output`,
    };
  }
  if (result.kind === "native") {
    return { honored: true, hostReply, reason: "the native reply is written verbatim" };
  }
  const verdict = dialect!.judge(result.event!, result.response, result.reply, result.raw);
  const approx = adapter.hooks!.events[result.event!]?.approx;
  return {
    honored: verdict.honored,
    hostReply,
    reason: approx ? `${verdict.reason} (${approx})` : verdict.reason,
  };
}
