/**
 * The reply side of hosts that read only a hook's exit code (Windsurf
 * Cascade, HOSTS.md §9c; Kiro's agent hooks follow the same rule): exit 2
 * on a blocking event stops the action and shows stderr; any other exit
 * lets it through. There is no JSON decision, no ask, no input rewrite and
 * no context channel, so everything else a handler asks for is dropped —
 * and the judge says so, event by event.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import type { NativeReply, Verdict } from "../dialect.ts";
import { NO_REPLY } from "../dialect.ts";
import { requestedDecision } from "../dialect.ts";

/** What varies between exit-code hosts. */
export interface ExitCodeFamily {
  /** The host's name, for verdicts. */
  host: string;
  /** Events an exit 2 blocks (the host's pre-hooks). */
  blocking: ReadonlySet<HookEventName>;
  /**
   * The host cannot ask the user on a blocking event, so an ask is written
   * as a block (the safe side), as for Codex.
   */
  askBlocks?: boolean;
}

/** The exit code that blocks. */
export const BLOCK_EXIT = 2;

/** Writes `response` as an exit-code reply: exit 2 + reason on stderr, or nothing. */
export function formatExitCodeReply(
  family: ExitCodeFamily,
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  const decision = response?.decision;
  const blocks = decision === "deny" || (decision === "ask" && family.askBlocks);
  if (!blocks || !family.blocking.has(event)) return NO_REPLY;
  return {
    exitCode: BLOCK_EXIT,
    stdout: "",
    stderr: `${response?.reason ?? "Blocked by a hook."}\n`,
  };
}

/** Judges an exit-code reply against what `response` asked for. */
export function judgeExitCodeReply(
  family: ExitCodeFamily,
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  const host = family.host;
  const blocked = reply.exitCode === BLOCK_EXIT && family.blocking.has(event);
  switch (requestedDecision(response)) {
    case "none":
    case "allow":
      return blocked
        ? { honored: false, reason: "the reply blocks although the handler allowed" }
        : { honored: true, reason: `${event} passes through` };
    case "deny":
      return blocked
        ? { honored: true, reason: `exit 2 blocks ${event}; stderr carries the reason` }
        : { honored: false, reason: `${host} cannot block ${event}; the deny is dropped` };
    case "ask":
      return blocked
        ? { honored: false, reason: `${host} cannot ask; the ask is written as a block` }
        : { honored: false, reason: `${host} cannot ask on ${event}; the ask is dropped` };
    case "modify":
      return { honored: false, reason: `${host} reads only exit codes; it cannot modify ${event}` };
    case "context":
      return { honored: false, reason: `${host} reads only exit codes; the context is dropped` };
  }
}
