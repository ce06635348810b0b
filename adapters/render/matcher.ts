/**
 * Writes a connector's matcher (reference semantics: core/matcher.ts) in a
 * host's matcher syntax. The hook entrypoint evaluates the matcher again, so
 * a host that filters more loosely (or not at all) stays correct; a rendered
 * matcher must never filter out a call the reference semantics would match.
 *
 * @module
 */

import { matcherForm } from "../../core/matcher.ts";
import type { MatcherSyntax } from "../descriptor.ts";

/** The native matcher, or undefined to write none (match everything). */
export function renderMatcher(
  matcher: string | undefined,
  syntax: MatcherSyntax,
): string | undefined {
  const form = matcherForm(matcher);
  if (form.kind === "all" || syntax === "ignored") return undefined;
  switch (syntax) {
    case "claude":
      // Claude Code and Codex read the reference syntax natively (HOSTS.md trap 12).
      return matcher!.trim();
    case "regex":
      return form.kind === "list" ? `^(?:${form.names.map(escape).join("|")})$` : form.source;
    case "re-prefixed":
      // A glob unless prefixed `re:`, then a full match, ignoring case (Mistral Vibe's
      // hooks.toml `match`; vibe/core/utils/matching.py `name_matches`).
      return `re:${
        form.kind === "list" ? `(?:${form.names.map(escape).join("|")})` : `.*(?:${form.source}).*`
      }`;
    case "anchored-regex":
      // The host wraps it as ^(?:…)$ (Copilot CLI): widen an unanchored regex.
      return form.kind === "list" ? form.names.map(escape).join("|") : `.*(?:${form.source}).*`;
  }
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
