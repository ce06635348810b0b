/**
 * Hook matcher semantics, shared by every adapter (which renders a matcher
 * into its host's syntax) and by the hook entrypoint (which evaluates it
 * again, because several hosts ignore matchers — HOSTS.md trap 8).
 *
 * The reference vocabulary is Claude Code's (HOSTS.md §2c): empty, omitted or
 * `*` matches everything; a matcher made only of letters, digits, `_`, `-`,
 * space, `,` and `|` is an exact list of names; anything else is an
 * unanchored JavaScript regular expression.
 *
 * @example
 * ```ts
 * import { matches } from "./matcher.ts";
 * matches("Bash|Write", "Write");          // true  (exact list)
 * matches("acme_write", "acme_write_all"); // false (exact list)
 * matches("mcp__acme__.*", "mcp__acme__query"); // true (regex)
 * ```
 *
 * @module
 */

import type { HookEventName } from "./hook_types.ts";

const EXACT_LIST = /^[A-Za-z0-9_\-|, ]+$/;

/** How a matcher reads: everything, an exact list of names, or a regex. */
export type MatcherForm =
  | { kind: "all" }
  | { kind: "list"; names: string[] }
  | { kind: "regex"; source: string };

/** Classifies `matcher` by the reference semantics. */
export function matcherForm(matcher: string | undefined): MatcherForm {
  const text = (matcher ?? "").trim();
  if (text === "" || text === "*") return { kind: "all" };
  if (EXACT_LIST.test(text)) {
    const names = text.split(/[|,]/).map((s) => s.trim()).filter(Boolean);
    return names.length === 0 ? { kind: "all" } : { kind: "list", names };
  }
  return { kind: "regex", source: text };
}

/**
 * True when `value` passes `matcher`. An invalid regex matches nothing, so a
 * typo never runs a handler on every tool.
 */
export function matches(matcher: string | undefined, value: string): boolean {
  const form = matcherForm(matcher);
  if (form.kind === "all") return true;
  if (form.kind === "list") return form.names.includes(value);
  try {
    return new RegExp(form.source).test(value);
  } catch {
    return false;
  }
}

/** What a matcher is tested against for each event (spec §2.3), if anything. */
export const MATCHER_SUBJECT: Partial<Record<HookEventName, "tool" | "agent">> = {
  PreToolUse: "tool",
  PostToolUse: "tool",
  PermissionRequest: "tool",
  PostToolUseFailure: "tool",
  SubagentStart: "agent",
  SubagentStop: "agent",
};

/**
 * Decides whether a handler with `matcher` runs for a normalized event. Events
 * without a matcher subject always run; a subagent event that does not name
 * its agent type runs (hosts do not reliably populate it on stop, spec §2.3).
 */
export function eventMatches(
  event: HookEventName,
  matcher: string | undefined,
  payload: { toolName?: string; agentType?: string },
): boolean {
  const subject = MATCHER_SUBJECT[event];
  if (!subject) return true;
  if (subject === "tool") return matches(matcher, payload.toolName ?? "");
  if (payload.agentType === undefined) return true;
  return matches(matcher, payload.agentType);
}
