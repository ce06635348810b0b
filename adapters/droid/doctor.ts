/**
 * Droid's doctor checks (read-only). Droid 0.225.2 loads hooks from
 * `hooks.json` and from `settings.json`'s `hooks` key and merges them event
 * by event with `hooks.json` winning, so an event present in both runs only
 * the `hooks.json` groups; `hooksDisabled: true` in either turns every hook
 * off. Both are facts of its settings loader (`loadHooks`,
 * `mergeHookSettings`).
 *
 * @module
 */

import type { DoctorCheckInput, HostFinding } from "../descriptor.ts";
import { project } from "../paths.ts";
import { readSettings } from "../render/context_file.ts";
import { factoryDir } from "./home.ts";

const EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "Notification",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "SessionStart",
  "SessionEnd",
];

/** Finds hooks Droid will not run: switched off, or shadowed by `hooks.json`. */
export function droidHookChecks(input: DoctorCheckInput): Promise<HostFinding[]> {
  const dir = input.scope === "user" ? factoryDir : project(".factory");
  const hooksFile = dir.join("hooks.json")(input.ctx);
  const settingsFile = dir.join("settings.json")(input.ctx);
  const fromHooks = readSettings(input.probe, hooksFile);
  const fromSettings = readSettings(input.probe, settingsFile)?.hooks as
    | Record<string, unknown>
    | undefined;
  const out: HostFinding[] = [];
  for (const [file, table] of [[hooksFile, fromHooks], [settingsFile, fromSettings]] as const) {
    if (table?.hooksDisabled === true) {
      out.push({
        status: "warn",
        message: `${file} sets hooksDisabled to true; Droid runs no hooks`,
        fix: `remove hooksDisabled from ${file}`,
      });
    }
  }
  const shadowed = EVENTS.filter((e) => fromHooks?.[e] !== undefined && fromSettings?.[e]);
  if (shadowed.length) {
    out.push({
      status: "warn",
      message: `${settingsFile} has ${shadowed.join(", ")} hooks that Droid ignores: ` +
        `${hooksFile} defines the same events and wins`,
      fix: `move those hook groups from ${settingsFile} into ${hooksFile}`,
    });
  }
  return Promise.resolve(out);
}
