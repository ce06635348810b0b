/**
 * The STATIC context footprints of a connector's content surfaces (spec §5:
 * `commands`, `skills`, `subagents` are computed on demand, never stored as
 * rows). Each item has what a host keeps in context on every turn (its name
 * and description, listed for the model to choose from) and what it loads
 * when the item is used (a command's prompt, a skill's body, a subagent's
 * system prompt — the latter in the subagent's own context).
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";

/** One content item's footprint. */
export interface ContentFootprint {
  /** The connector. */
  connectorId: string;
  /** The surface. */
  surface: "command" | "skill" | "subagent";
  /** The item's name. */
  name: string;
  /** Tokens in context on every turn. */
  perTurnTokens: number;
  /** Tokens loaded when the item is used. */
  onUseTokens: number;
}

/**
 * Measures every command, skill and subagent of `connector` with `count`.
 *
 * @example
 * ```ts
 * import { contentFootprints } from "./footprint.ts";
 * const byChar = (t: string) => t.length;
 * contentFootprints({
 *   id: "acme",
 *   commands: [{ name: "deploy", description: "Ship it", prompt: "Deploy $ARGUMENTS" }],
 *   skills: [],
 *   subagents: [],
 * }, byChar);
 * // [{ connectorId: "acme", surface: "command", name: "deploy", perTurnTokens: 14, onUseTokens: 17 }]
 * ```
 */
export function contentFootprints(
  connector: Pick<ResolvedConnector, "id" | "commands" | "skills" | "subagents">,
  count: (text: string) => number,
): ContentFootprint[] {
  const out: ContentFootprint[] = [];
  const listed = (...parts: Array<string | undefined>) =>
    count(parts.filter((p): p is string => !!p).join(" "));
  for (const c of connector.commands) {
    out.push({
      connectorId: connector.id,
      surface: "command",
      name: c.name,
      perTurnTokens: listed(c.name, c.description, c.argumentHint),
      onUseTokens: count(c.prompt),
    });
  }
  for (const s of connector.skills) {
    out.push({
      connectorId: connector.id,
      surface: "skill",
      name: s.name,
      perTurnTokens: listed(s.name, s.description),
      onUseTokens: count(s.body),
    });
  }
  for (const a of connector.subagents) {
    out.push({
      connectorId: connector.id,
      surface: "subagent",
      name: a.name,
      perTurnTokens: listed(a.name, a.description),
      onUseTokens: count(a.prompt),
    });
  }
  return out;
}
