/**
 * The reply side of the Claude hook protocol, shared by every host that
 * speaks it (Claude Code, Codex, Qwen Code, …): top-level `decision:"block"`
 * + `reason`, or `hookSpecificOutput` carrying `hookEventName` and the
 * event's control fields. Hosts differ in which field each event honors, so
 * a host passes its own {@link FamilyContract}; the formatter then writes
 * only the fields that host takes (Codex rejects any field it does not know,
 * HOSTS.md trap 6) and the judge reads the reply back under the same
 * contract.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import {
  jsonReply,
  judgeReadBack,
  type NativeReply,
  NO_REPLY,
  obj,
  type ReadBack,
  replyJson,
  str,
  type Verdict,
} from "../dialect.ts";

/**
 * How one event carries each decision. `deny`: `permission` =
 * hookSpecificOutput.permissionDecision, `block` = top-level
 * `decision:"block"`, `grant` = hookSpecificOutput.decision.behavior
 * (PermissionRequest), `degrade-context` = nothing can be blocked, so the
 * reason becomes additionalContext (spec §2.3). `ask`: `permission`, `dialog`
 * (no reply; the host's own dialog asks), or `deny` (the host cannot ask
 * here, so an ask is written as a deny — the safe side).
 */
export interface EventContract {
  /** How a deny is written, if the event can be denied. */
  deny?: "permission" | "block" | "grant" | "degrade-context";
  /** How an ask is written, if at all. */
  ask?: "permission" | "dialog" | "deny";
  /** How a modify is written, if the event can be modified. */
  modify?: "pre-input" | "grant-input" | "output";
  /** How an explicit allow is written (PermissionRequest grants). */
  allow?: "grant";
  /** The event takes hookSpecificOutput.additionalContext. */
  context: boolean;
}

/** A host's contract for every normalized event it can fire. */
export type FamilyContract = Record<HookEventName, EventContract>;

/** Claude Code's contract (HOSTS.md §2c): every event, every field it documents. */
export const CLAUDE_CONTRACT: FamilyContract = {
  SessionStart: { context: true },
  SessionEnd: { context: false },
  UserPromptSubmit: { deny: "block", context: true },
  PreToolUse: { deny: "permission", ask: "permission", modify: "pre-input", context: true },
  PostToolUse: { deny: "block", modify: "output", context: true },
  PreCompact: { deny: "block", context: false },
  Stop: { deny: "block", context: true },
  Notification: { context: false },
  PermissionRequest: {
    allow: "grant",
    deny: "grant",
    ask: "dialog",
    modify: "grant-input",
    context: false,
  },
  PostToolUseFailure: { deny: "degrade-context", context: true },
  SubagentStart: { deny: "degrade-context", context: true },
  SubagentStop: { deny: "block", context: false },
  PostCompact: { context: false },
};

/** What varies between hosts of the family. */
export interface FamilyOptions {
  /** The host's name, for verdicts ("Codex cannot ask on …"). */
  host: string;
  /** What each event honors. */
  contract: FamilyContract;
  /**
   * A default `permissionDecisionReason` written when the handler gave none,
   * for hosts that require the field (Qwen Code).
   */
  defaultReason?: string;
}

function joinText(...parts: Array<string | undefined>): string | undefined {
  const kept = parts.filter((p): p is string => typeof p === "string" && p !== "");
  return kept.length ? kept.join("\n\n") : undefined;
}

/** Writes `response` as the family's reply for `event` under `opts.contract`. */
export function formatFamilyReply(
  opts: FamilyOptions,
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  if (!response) return NO_REPLY;
  const contract = opts.contract[event];
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  let context = response.additionalContext;
  const reason = response.reason ?? opts.defaultReason;
  const permission = (decision: string) => {
    specific.permissionDecision = decision;
    if (reason) specific.permissionDecisionReason = reason;
  };
  switch (response.decision) {
    case "deny":
      if (contract.deny === "permission") permission("deny");
      else if (contract.deny === "block") {
        out.decision = "block";
        out.reason = response.reason ?? "Blocked by a hook.";
      } else if (contract.deny === "grant") {
        specific.decision = response.reason
          ? { behavior: "deny", message: response.reason }
          : { behavior: "deny" };
      } else if (contract.deny === "degrade-context") {
        context = joinText(response.reason, context);
      }
      break;
    case "ask":
      if (contract.ask === "permission") permission("ask");
      else if (contract.ask === "deny") permission("deny");
      break;
    case "modify":
      // updatedInput REPLACES the whole tool_input (payloads/claude-code/PreToolUse.json).
      if (contract.modify === "pre-input" && response.updatedInput) {
        permission("allow");
        specific.updatedInput = response.updatedInput;
      } else if (contract.modify === "grant-input" && response.updatedInput) {
        specific.decision = { behavior: "allow", updatedInput: response.updatedInput };
      }
      break;
    case "allow":
      // Only on PermissionRequest is an explicit allow an active grant.
      if (contract.allow === "grant") specific.decision = { behavior: "allow" };
      break;
  }
  if (
    contract.modify === "output" && response.updatedOutput !== undefined &&
    response.decision !== "deny"
  ) {
    specific.updatedToolOutput = response.updatedOutput;
  }
  if (context && contract.context) specific.additionalContext = context;
  if (Object.keys(specific).length) out.hookSpecificOutput = { hookEventName: event, ...specific };
  return Object.keys(out).length ? jsonReply(out) : NO_REPLY;
}

function readBack(event: HookEventName, reply: NativeReply): ReadBack {
  const json = replyJson(reply);
  if (!json || reply.exitCode !== 0) return {};
  const specific = obj(json.hookSpecificOutput);
  const out: ReadBack = {};
  if (specific && specific.hookEventName !== event) return out; // a mislabelled reply is ignored
  if (json.decision === "block") out.decision = "deny";
  const permission = str(specific?.permissionDecision);
  if (permission === "deny" || permission === "ask" || permission === "allow") {
    out.decision = permission;
  }
  if (specific?.updatedInput !== undefined) out.updatedInput = specific.updatedInput;
  const grant = obj(specific?.decision);
  const behavior = str(grant?.behavior);
  if (behavior === "allow" || behavior === "deny") out.decision = behavior;
  if (grant?.updatedInput !== undefined) out.updatedInput = grant.updatedInput;
  if (specific?.updatedToolOutput !== undefined) out.updatedOutput = specific.updatedToolOutput;
  out.context = str(specific?.additionalContext);
  return out;
}

/** Judges a family reply against what `response` asked for, under `opts.contract`. */
export function judgeFamilyReply(
  opts: FamilyOptions,
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  const contract = opts.contract[event];
  return judgeReadBack(
    {
      host: opts.host,
      grants: event === "PermissionRequest",
      denyAsContext: contract.deny === "degrade-context",
      askByDialog: contract.ask === "dialog",
    },
    event,
    response,
    reply,
    readBack(event, reply),
  );
}
