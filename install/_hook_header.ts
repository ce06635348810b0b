/**
 * The top-level keys a host needs in its hook file (Cursor's and Copilot's
 * `"version": 1`, descriptor `HookSurface.header`). Set only when absent and
 * owned only then, so a user's own `version` is never claimed; removed on
 * uninstall only when nothing but our entries used the file and we added
 * the key, or agent-connector created the file (another connector added it).
 *
 * @module
 */

import { type ConfigHookSurface, isConfigHookSurface } from "../adapters/descriptor.ts";
import { deepEqual } from "../core/hash.ts";
import type { PlannedEdit } from "./_plan_types.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";
import { readStructured, valueAt } from "./_read_structured.ts";

/** The host's hook surface when it is a JSON-family config file. */
function jsonSurface(input: SurfaceInput): ConfigHookSurface | undefined {
  const surface = input.adapter.hooks;
  if (!surface || !isConfigHookSurface(surface)) return undefined;
  return surface.format === "json" || surface.format === "jsonc" ? surface : undefined;
}

/** Edits that add each missing header key before our entries are written. */
export async function planHookHeader(input: SurfaceInput, file: string): Promise<PlanPart> {
  const plan = emptyPlan();
  const surface = jsonSurface(input);
  const header = surface?.header;
  if (!surface || !header) return plan;
  const doc = await readStructured(input.ctx.probe, file, surface.format);
  for (const [key, value] of Object.entries(header)) {
    const current = valueAt(doc, [key]);
    if (current === undefined) {
      plan.edits.push({
        op: "json.set",
        platform: input.adapter.id,
        file,
        path: [key],
        value,
        label: `hook file ${key}`,
      });
    } else if (!deepEqual(current, value)) {
      plan.notes.push(
        note(
          input,
          "warn",
          `hook file ${key} is ${JSON.stringify(current)}; ${input.adapter.name} expects ${
            JSON.stringify(value)
          } — set it by hand if its hooks do not run`,
          file,
        ),
      );
    }
  }
  return plan;
}

/**
 * Edits that take back the header keys we added, when the file holds nothing
 * else than those keys and the entries `ours` recognizes.
 */
export async function unplanHookHeader(
  input: SurfaceInput,
  file: string,
  ours: (item: unknown) => boolean,
): Promise<PlannedEdit[]> {
  const surface = jsonSurface(input);
  if (!surface?.header) return [];
  const doc = await readStructured(input.ctx.probe, file, surface.format);
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return [];
  const headerKeys = Object.keys(surface.header);
  const top = Object.keys(doc).filter((k) => !headerKeys.includes(k) && k !== surface.at[0]);
  const events = valueAt(doc, surface.at);
  const foreign = events && typeof events === "object"
    ? Object.values(events as Record<string, unknown>).some((list) =>
      !Array.isArray(list) || list.some((item) => !ours(item))
    )
    : false;
  if (top.length || foreign || surface.at.length !== 1) return [];
  // A file agent-connector created (the shared created ledger) whose header
  // is still what we write holds nothing of anyone's once our entries go,
  // whichever connector added the header: the last one out takes it, and
  // the emptied file goes with it (#19: `{"version": 1}` was left behind).
  const ourFile = input.ledgers.created.files[file]?.createdFile === true;
  return headerKeys
    .filter((key) =>
      (ourFile && deepEqual(valueAt(doc, [key]), surface.header![key])) ||
      input.ledgers.owned.records.some((r) =>
        r.platform === input.adapter.id && r.file === file &&
        r.at === `json:${JSON.stringify([key])}`
      )
    )
    .map((key) => ({
      op: "json.remove" as const,
      platform: input.adapter.id,
      file,
      path: [key],
      label: `hook file ${key}`,
      ...(ourFile ? { adopt: (value: unknown) => deepEqual(value, surface.header![key]) } : {}),
    }));
}
