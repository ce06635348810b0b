/**
 * Loads the copies of the hosts' documented hook payloads
 * (tests/fixtures/payloads/<host>/) and checks a dialect against the
 * replies documented beside each payload.
 *
 * @module
 */

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import type { HookDialect, NativeReply } from "../../adapters/dialect.ts";

/** One documented payload with its replies. */
export interface PayloadFixture {
  /** The file name without `.json`. */
  file: string;
  /** The host's event name. */
  native_event: string;
  /** The stdin the host sends. */
  input: Record<string, unknown>;
  /** Replies by intent. */
  replies: Record<string, { exit: number; stdout?: Record<string, unknown> }>;
}

/** The fixtures of `host`, keyed by file name. */
export function payloadFixtures(host: string): Record<string, PayloadFixture> {
  const dir = new URL(`../fixtures/payloads/${host}/`, import.meta.url);
  return Object.fromEntries(
    readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => {
      const file = f.replace(/\.json$/, "");
      return [file, { file, ...JSON.parse(readFileSync(new URL(f, dir), "utf8")) }];
    }),
  );
}

/** The normalized response a documented reply intent stands for. */
export function intentResponse(intent: string): HookResponse | undefined {
  switch (intent) {
    case "allow":
      return { decision: "allow" };
    case "deny":
    case "continue":
      return { decision: "deny", reason: "a reason" };
    case "ask":
      return { decision: "ask", reason: "a reason" };
    case "modify":
      return { decision: "modify", updatedInput: { command: "echo safe" } };
    case "context":
      return { decision: "context", additionalContext: "a note" };
    default:
      return undefined;
  }
}

/** The first value under any of `names`, searched depth-first. */
function findField(value: unknown, names: string[]): unknown {
  if (!value || typeof value !== "object") return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (names.includes(k)) return v;
    const inner = findField(v, names);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function keyPaths(value: unknown, prefix = ""): string[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [prefix];
  // updated_input / modifiedArgs / updatedInput hold the tool's own arguments.
  if (/(updated_?input|modifiedArgs)$/i.test(prefix)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * For every documented reply of `fixture`: the host's own reply is judged
 * honored under our reading of its contract, and our reply for the same
 * intent carries every field the documented one does.
 */
export function assertDocumentedReplies(
  dialect: HookDialect,
  event: HookEventName,
  fixture: PayloadFixture,
): void {
  for (const [intent, documented] of Object.entries(fixture.replies)) {
    const response = intentResponse(intent);
    const label = `${fixture.file} ${intent}`;
    const theirs: NativeReply = {
      exitCode: documented.exit,
      stdout: documented.stdout && Object.keys(documented.stdout).length
        ? `${JSON.stringify(documented.stdout)}\n`
        : "",
      stderr: "",
    };
    const found = (names: string[]) => findField(documented.stdout, names);
    if (response?.decision === "modify") {
      response.updatedInput = found(["updated_input", "updatedInput", "modifiedArgs"]) as Record<
        string,
        unknown
      >;
    }
    if (response?.decision === "context") {
      response.additionalContext = found([
        "additional_context",
        "additionalContext",
        "agent_message",
      ]) as string;
    }
    if (response?.decision === "deny" || response?.decision === "ask") {
      const reason = found([
        "permissionDecisionReason",
        "reason",
        "user_message",
        "followup_message",
        "message",
      ]);
      if (typeof reason === "string") response.reason = reason;
    }
    const verdict = dialect.judge(event, response, theirs);
    assert.ok(verdict.honored, `${label}: the documented reply is honored (${verdict.reason})`);
    if (!response || response.decision === "allow" || !documented.stdout) continue;
    const ours = dialect.format(event, response);
    assert.equal(ours.exitCode, documented.exit, `${label}: exit code`);
    const ourKeys = new Set(keyPaths(ours.stdout ? JSON.parse(ours.stdout) : {}));
    for (const key of keyPaths(documented.stdout)) {
      if (key) assert.ok(ourKeys.has(key), `${label}: our reply carries ${key}`);
    }
  }
}
