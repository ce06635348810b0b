/**
 * Which model family a session's tokens are counted for, and the confidence
 * label that gives a tokenizer count (spec §5): `o200k_base` is exact for the
 * OpenAI family and a documented approximation for every other family (no
 * offline Claude or Gemini tokenizer ships).
 *
 * @module
 */

import type { ConfidenceSource } from "./rows.ts";

/** The families a count can be for. */
export type ModelFamily = "openai" | "anthropic" | "google" | "generic";

/** The `telemetry.modelFamilyHint` values (spec §2.7). */
export type ModelFamilyHint = "auto" | "openai" | "anthropic" | "generic";

/** `initialize.params.clientInfo` as hosts send it. */
export interface ClientInfo {
  /** The client's name (e.g. `claude-code`, `codex-mcp-client`). */
  name?: unknown;
  /** Its version. */
  version?: unknown;
}

const FAMILY_BY_NAME: ReadonlyArray<[RegExp, ModelFamily]> = [
  [/codex|openai|chatgpt/i, "openai"],
  [/claude|anthropic/i, "anthropic"],
  [/gemini|google|antigravity/i, "google"],
];

const FAMILY_BY_HOST: Readonly<Record<string, ModelFamily>> = {
  "codex": "openai",
  "claude-code": "anthropic",
  "gemini-cli": "google",
  "antigravity": "google",
  "antigravity-cli": "google",
};

/**
 * Picks the family: an explicit hint wins; with `auto`, the client's name,
 * then the host the wrapper was installed for, else `generic`.
 *
 * @example
 * ```ts
 * import { modelFamily } from "./model_family.ts";
 * modelFamily("auto", { name: "codex-mcp-client" }); // "openai"
 * modelFamily("anthropic", { name: "codex-mcp-client" }); // "anthropic"
 * ```
 */
export function modelFamily(
  hint: ModelFamilyHint,
  clientInfo?: ClientInfo,
  hostPlatform?: string,
): ModelFamily {
  if (hint !== "auto") return hint;
  const name = typeof clientInfo?.name === "string" ? clientInfo.name : "";
  for (const [pattern, family] of FAMILY_BY_NAME) if (pattern.test(name)) return family;
  return (hostPlatform && FAMILY_BY_HOST[hostPlatform]) || "generic";
}

/** The label of a tokenizer count for `family` (`exact` false when a long run was cut). */
export function tokenizerConfidence(family: ModelFamily, exact: boolean): ConfidenceSource {
  return family === "openai" && exact ? "tokenizer-exact" : "tokenizer-approx";
}

const HOST_BY_CLIENT: ReadonlyArray<[RegExp, string]> = [
  [/^claude-code$/i, "claude-code"],
  [/codex/i, "codex"],
  [/gemini-cli/i, "gemini-cli"],
  [/^cursor/i, "cursor"],
];

/** The host id a client name identifies, when it clearly does. */
export function hostFromClientInfo(clientInfo?: ClientInfo): string | undefined {
  const name = typeof clientInfo?.name === "string" ? clientInfo.name : "";
  return HOST_BY_CLIENT.find(([pattern]) => pattern.test(name))?.[1];
}
