/**
 * Reply dialects as data: per event, the JSON fragment that carries each
 * decision in a host's reply, and how to read a reply back. `format` and
 * `judge` are then the same two loops for every host family built on it
 * (Cursor, VS Code, Copilot CLI, JetBrains), so a host cannot format one
 * thing and judge another.
 *
 * Lean: loaded on every hook call of those hosts.
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
  type Verdict,
} from "../dialect.ts";

export type { ReadBack };

type Json = Record<string, unknown>;

/** How one event carries each decision; a missing channel means the host cannot. */
export interface EventReplies {
  /** The fragment that blocks, given the handler's reason. */
  deny?: (reason: string | undefined) => Json;
  /** Nothing can be blocked here: a deny reason travels as context (spec §2.3). */
  denyAsContext?: boolean;
  /** The fragment that asks the user to confirm. */
  ask?: (reason: string | undefined) => Json;
  /** An empty reply lets the host's own dialog ask (PermissionRequest). */
  askByDialog?: boolean;
  /** The fragment that replaces the tool input. */
  modifyInput?: (input: Json, reason: string | undefined) => Json;
  /** The fragment that replaces the tool output. */
  modifyOutput?: (text: string) => Json;
  /** The fragment that adds context for the model. */
  context?: (text: string) => Json;
  /** An explicit allow is an active grant (PermissionRequest). */
  grant?: () => Json;
}

/** One host family's reply contract. */
export interface ReplyTable {
  /** The host's name, for verdicts. */
  host: string;
  /** Per normalized event; an absent event takes no reply at all. */
  events: Partial<Record<HookEventName, EventReplies>>;
  /** Reads a JSON reply back under the host's contract. */
  read(event: HookEventName, json: Json): ReadBack;
}

function merge(parts: Json[]): Json {
  const out: Json = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const prev = out[key];
      const a = obj(prev);
      const b = obj(value);
      if (a && b) out[key] = { ...a, ...b };
      // Two messages for one field (a deny reason and a context note) are both kept.
      else if (typeof prev === "string" && typeof value === "string" && prev !== value) {
        out[key] = `${prev}\n\n${value}`;
      } else out[key] = value;
    }
  }
  return out;
}

function joinText(...parts: Array<string | undefined>): string | undefined {
  const kept = parts.filter((p): p is string => typeof p === "string" && p !== "");
  return kept.length ? kept.join("\n\n") : undefined;
}

/** Writes `response` as the host's reply for `event` (exit 0, one JSON line, or nothing). */
export function formatByTable(
  table: ReplyTable,
  event: HookEventName,
  response: HookResponse | undefined,
): NativeReply {
  if (!response) return NO_REPLY;
  const e = table.events[event] ?? {};
  const parts: Json[] = [];
  const reason = response.reason;
  let context = response.additionalContext;
  switch (response.decision) {
    case "deny":
      if (e.deny) parts.push(e.deny(reason));
      else if (e.denyAsContext) context = joinText(reason, context);
      break;
    case "ask":
      if (e.ask) parts.push(e.ask(reason));
      break;
    case "modify":
      if (e.modifyInput && response.updatedInput) {
        parts.push(e.modifyInput(response.updatedInput, reason));
      }
      break;
    case "allow":
      if (e.grant) parts.push(e.grant());
      break;
  }
  if (e.modifyOutput && response.updatedOutput !== undefined && response.decision !== "deny") {
    parts.push(e.modifyOutput(response.updatedOutput));
  }
  if (context && e.context) parts.push(e.context(context));
  const out = merge(parts);
  return Object.keys(out).length ? jsonReply(out) : NO_REPLY;
}

/** Judges a reply against what `response` asked for, under the host's contract. */
export function judgeByTable(
  table: ReplyTable,
  event: HookEventName,
  response: HookResponse | undefined,
  reply: NativeReply,
): Verdict {
  const json = reply.exitCode === 0 ? replyJson(reply) : undefined;
  const got = json ? table.read(event, json) : {};
  const e = table.events[event] ?? {};
  return judgeReadBack(
    {
      host: table.host,
      grants: e.grant !== undefined,
      denyAsContext: e.denyAsContext === true,
      askByDialog: e.askByDialog === true,
    },
    event,
    response,
    reply,
    got,
  );
}

/** `{decision: "block", reason}`, the block most JSON-reply hosts read (Goose, Hermes). */
export function blockDecision(reason: string | undefined): Json {
  return { decision: "block", reason: reason ?? "Blocked by a hook." };
}

/**
 * The reply our generated plugins apply (opencode, OpenClaw, Amp): `block`
 * with the reason, given a deny.
 */
export function pluginBlock(reason: string | undefined): Json {
  return { block: reason ?? "Blocked by a hook." };
}

/** The plugins' `context` fragment. */
export function pluginContext(text: string): Json {
  return { context: text };
}

/** Reads a plugin reply back: `block`, `args`, `output`, `context`. */
export function readPluginReply(json: Json): ReadBack {
  const out: ReadBack = {};
  if (typeof json.block === "string") out.decision = "deny";
  if (json.args !== undefined) out.updatedInput = json.args;
  if (json.output !== undefined) out.updatedOutput = json.output;
  out.context = typeof json.context === "string" ? json.context : undefined;
  return out;
}
