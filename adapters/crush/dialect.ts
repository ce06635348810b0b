/**
 * Crush's hook wire format (charmbracelet/crush `docs/hooks/README.md`,
 * "Input" and "Output"; `internal/hooks`):
 *
 * - stdin: `{event, session_id, cwd, tool_name, tool_input}` (plus
 *   `CRUSH_*` env variables). Only PreToolUse fires.
 * - Reply: exit 0 and a JSON object — `decision` (`"allow"` pre-approves
 *   and skips the permission prompt, `"deny"` blocks), `reason`, `context`
 *   (appended to what the model sees) and `updated_input` (shallow-merged
 *   into the tool input). Silence is "no opinion": the normal permission
 *   prompt runs, which is how an ask is honored. An allow is written as
 *   silence, so a pass-through never skips the user's prompt.
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { type HookDialect, obj, type ParsedPayload, str } from "../dialect.ts";
import { snakeTool } from "../dialects/_fields.ts";
import { type ReadBack, type ReplyTable, tableDialect } from "../dialects/_reply_table.ts";

function session(raw: Record<string, unknown>): { sessionId: string; projectDir?: string } {
  return { sessionId: str(raw.session_id) ?? "", projectDir: str(raw.cwd) };
}

/** Reads a Crush stdin object for `event`. */
export function parseCrushPayload(
  event: HookEventName,
  raw: Record<string, unknown>,
): ParsedPayload {
  const base: ParsedPayload = session(raw);
  if (event !== "PreToolUse") return base;
  return { ...base, ...snakeTool(raw) };
}

/** Crush's reply contract: PreToolUse only. */
export const CRUSH_REPLIES: ReplyTable = {
  host: "Crush",
  events: {
    PreToolUse: {
      deny: (reason) => ({ decision: "deny", reason: reason ?? "Blocked by a hook." }),
      askByDialog: true,
      modifyInput: (input) => ({ updated_input: input }),
      context: (text) => ({ context: text }),
    },
  },
  read(_event, json): ReadBack {
    const out: ReadBack = {};
    if (json.decision === "deny" || json.decision === "allow") out.decision = json.decision;
    if (json.halt === true) out.decision = "deny";
    if (obj(json.updated_input)) out.updatedInput = json.updated_input;
    const context = Array.isArray(json.context)
      ? json.context.filter((c) => typeof c === "string" && c).join("\n")
      : str(json.context);
    if (context) out.context = context;
    return out;
  },
};

/** Crush's dialect. */
export const crushDialect: HookDialect = {
  name: "crush",
  parse: parseCrushPayload,
  session,
  ...tableDialect(CRUSH_REPLIES),
};
