/**
 * The project's copies of the hosts' documented hook payloads
 * (tests/fixtures/payloads/<host>/<NativeEvent>.json) and the normalized
 * response each documented reply intent stands for, so a dialect test can
 * check that our reply IS the documented one.
 *
 * @module
 */

import { MATCHER_SUBJECT } from "../../core/matcher.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import { REPO } from "./runtime.ts";

/** One documented payload with its replies by intent. */
export interface PayloadFixture {
  /** The host's event name. */
  native_event: string;
  /** Our event name. */
  normalized_event: HookEventName;
  /** The host's stdin. */
  input: Record<string, unknown>;
  /** Reply examples by intent. */
  replies: Record<string, { exit?: number; stdout?: Record<string, unknown>; note?: string }>;
}

/**
 * Hosts whose payloads are another host's: the opencode forks run the same
 * generated plugin, which sends opencode's payload shape.
 */
const SAME_PAYLOADS: Record<string, string> = {
  "kilo-cli": "opencode",
  kilo: "opencode",
  "mimo-code": "opencode",
};

/** Every payload fixture of `host`, keyed by native event name. */
export function payloadFixtures(host: string): Record<string, PayloadFixture> {
  const dir = join(REPO, "tests", "fixtures", "payloads", SAME_PAYLOADS[host] ?? host);
  return Object.fromEntries(
    readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "statusline.json").map((f) => [
      f.replace(/\.json$/, ""),
      JSON.parse(readFileSync(join(dir, f), "utf8")),
    ]),
  );
}

type Obj = Record<string, unknown>;

/**
 * The normalized response a documented reply expresses (`allow`, `deny`,
 * `ask`, `context`, `modify`), with the reason, context and input taken
 * from the reply itself; undefined for intents outside the normalized model.
 */
export function responseFor(
  intent: string,
  stdout: Obj | undefined,
): HookResponse | undefined {
  const specific = (stdout?.hookSpecificOutput ?? {}) as Obj;
  const grant = (specific.decision ?? {}) as Obj;
  const reason = (stdout?.reason ?? specific.permissionDecisionReason ?? grant.message) as
    | string
    | undefined;
  switch (intent) {
    case "allow":
      return { decision: "allow" };
    case "deny":
    case "ask":
      return { decision: intent, ...(reason ? { reason } : {}) };
    case "context":
      return { decision: "context", additionalContext: specific.additionalContext as string };
    case "modify": {
      const input = (specific.updatedInput ?? specific.tool_input) as Obj | undefined;
      const output = specific.tool_output as string | undefined;
      return {
        decision: "modify",
        ...(reason ? { reason } : {}),
        ...(input ? { updatedInput: input } : {}),
        ...(output !== undefined ? { updatedOutput: output } : {}),
      };
    }
    default:
      return undefined;
  }
}

/** Parses a reply's stdout the way the fixtures write it (`{}` and "" both mean no reply). */
export function replyObject(stdout: string): Obj | undefined {
  const text = stdout.trim();
  if (text === "") return undefined;
  const value = JSON.parse(text) as Obj;
  return Object.keys(value).length ? value : undefined;
}

/**
 * The documented payload of `host` for the normalized `event`; for an event
 * the host fires without a documented example (Codex's compaction and
 * subagent events), the common fields its schemas share.
 */
export function payloadFor(host: string, event: HookEventName): Record<string, unknown> {
  const found = Object.values(payloadFixtures(host)).find((f) => f.normalized_event === event);
  if (found) return found.input;
  return {
    session_id: "s-1",
    turn_id: "t-1",
    transcript_path: null,
    cwd: "/path/to/cwd",
    model: "gpt-5",
    hook_event_name: event,
    // A tool event names its tool (the hook runs no handler on one that does not).
    ...(MATCHER_SUBJECT[event] === "tool" ? { tool_name: "Bash", tool_input: {} } : {}),
    ...(event.includes("Compact")
      ? { trigger: "auto" }
      : { agent_id: "a-1", agent_type: "worker" }),
  };
}
