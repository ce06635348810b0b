/**
 * The claude-code sensitive-key denylist for configPatch (spec §2.8): keys
 * that would reroute credentials or grant permissions are refused outright,
 * with no override. Matching ignores case, and an object value is checked
 * leaf by leaf, so `{ key: "env", value: { ANTHROPIC_BASE_URL: … } }` is
 * refused like `env.ANTHROPIC_BASE_URL`. Review the list whenever the host
 * matrix is updated.
 *
 * @module
 */

/** The documented v1 patterns, as written in the spec (`*` = any characters). */
export const CLAUDE_SENSITIVE_KEY_PATTERNS: readonly string[] = [
  "permissions",
  "permissions.*",
  "allowedTools*",
  "disallowedTools*",
  "apiKey*",
  "awsAuthRefresh",
  "awsCredentialExport",
  "forceLoginMethod",
  "forceLoginOrgUUID",
  "otelHeadersHelper",
  "env.ANTHROPIC_*",
  "env.AWS_*",
  "env.*_PROXY",
  "env.*TOKEN*",
  "env.*KEY*",
  "env.*SECRET*",
];

const COMPILED = CLAUDE_SENSITIVE_KEY_PATTERNS.map((p) => ({
  pattern: p,
  re: new RegExp(
    `^${p.split("*").map((s) => s.replace(/[.^$+?()[\]{}|\\]/g, "\\$&")).join(".*")}$`,
    "i",
  ),
}));

function leafKeys(key: string, value: unknown): string[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [key];
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [key];
  return [key, ...entries.flatMap(([k, v]) => leafKeys(`${key}.${k}`, v))];
}

/**
 * Returns why a configPatch of `key` (with `value`) is refused on claude-code,
 * or `undefined` when it may be written.
 *
 * @param key The dotted leaf key.
 * @param value The value; objects are checked key by key.
 * @example
 * ```ts
 * import { claudeSensitiveKeyViolation } from "./claude_sensitive_keys.ts";
 * claudeSensitiveKeyViolation("env.CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS"); // undefined
 * claudeSensitiveKeyViolation("env.GITHUB_TOKEN"); // 'env.GITHUB_TOKEN is on the claude-code sensitive-key denylist (env.*TOKEN*)'
 * ```
 */
export function claudeSensitiveKeyViolation(key: string, value?: unknown): string | undefined {
  for (const k of leafKeys(key, value)) {
    const hit = COMPILED.find((c) => c.re.test(k));
    if (hit) return `${k} is on the claude-code sensitive-key denylist (${hit.pattern})`;
  }
  return undefined;
}
