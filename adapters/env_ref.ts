/**
 * Environment-reference syntaxes of host config files (HOSTS.md trap 3). A
 * connector writes `${env:VAR}` / `${env:VAR:-default}`; a host that expands
 * references itself gets them in its own syntax, so no value is ever baked
 * into a file. A syntax returns `undefined` for a reference it cannot express
 * (e.g. a default on a host without defaults); the caller then leaves it to
 * the `serve` wrapper to resolve at launch.
 *
 * @module
 */

import { parseTemplate } from "../core/interpolation.ts";

/** Writes one reference in a host's syntax, or `undefined` when it cannot. */
export type EnvRefSyntax = (name: string, fallback?: string) => string | undefined;

/** Claude Code: `${VAR}` and `${VAR:-default}` (HOSTS.md §2b). */
export const CLAUDE_ENV_REF: EnvRefSyntax = (name, fallback) =>
  fallback === undefined ? `\${${name}}` : `\${${name}:-${fallback}}`;

/** VS Code and Cursor: `${env:VAR}`, no defaults. */
export const ENV_COLON_REF: EnvRefSyntax = (name, fallback) =>
  fallback === undefined ? `\${env:${name}}` : undefined;

/** Gemini, Amp and others: `${VAR}`, no defaults. */
export const DOLLAR_BRACE_REF: EnvRefSyntax = (name, fallback) =>
  fallback === undefined ? `\${${name}}` : undefined;

/**
 * Rewrites every `${env:…}` reference of `value` into `syntax`. Returns
 * `undefined` when some reference cannot be expressed, or when `value` holds
 * a secret reference (those never go into host files).
 *
 * @example
 * ```ts
 * import { CLAUDE_ENV_REF, translateEnvRefs } from "./env_ref.ts";
 * translateEnvRefs("pg://${env:USER:-me}@h", CLAUDE_ENV_REF); // "pg://${USER:-me}@h"
 * ```
 */
export function translateEnvRefs(value: string, syntax: EnvRefSyntax): string | undefined {
  let out = "";
  for (const part of parseTemplate(value)) {
    if (part.kind === "text") out += part.text;
    else if (part.kind === "secret") return undefined;
    else {
      const written = syntax(part.name, part.default);
      if (written === undefined) return undefined;
      out += written;
    }
  }
  return out;
}

/** True when `value` holds at least one `${env:…}` reference. */
export function hasEnvRef(value: string): boolean {
  return parseTemplate(value).some((p) => p.kind === "env");
}

/** opencode: `{env:VAR}`, substituted in its config files; no defaults. */
export const BRACE_ENV_REF: EnvRefSyntax = (name, fallback) =>
  fallback === undefined ? `{env:${name}}` : undefined;
