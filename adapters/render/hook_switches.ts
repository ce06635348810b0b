/**
 * Doctor checks for hosts that switch hooks off in a JSON-with-comments
 * settings file (Gemini CLI `hooksConfig.enabled`, Qwen Code
 * `disableAllHooks`). Project checks read the project's settings, then the
 * user's; user checks the user's alone. Read-only.
 *
 * @module
 */

import type { DoctorCheckInput, HostFinding } from "../descriptor.ts";
import type { PathFn } from "../paths.ts";
import { readSettings } from "./context_file.ts";

/** A setting that turns every hook off, at a key path, with its off value. */
export interface HookSwitch {
  /** Key path in the settings object. */
  at: string[];
  /** The value that means "off". */
  off: boolean;
}

/** A doctor check warning when any `switches` is off in a settings file of the scope. */
export function hookSwitchChecks(
  host: string,
  settings: { user: PathFn; project: PathFn },
  switches: HookSwitch[],
): (input: DoctorCheckInput) => Promise<HostFinding[]> {
  return (input) => {
    const files = input.scope === "project"
      ? [settings.project(input.ctx), settings.user(input.ctx)]
      : [settings.user(input.ctx)];
    const out: HostFinding[] = [];
    for (const file of files) {
      const data = readSettings(input.probe, file);
      for (const s of switches) {
        let value: unknown = data;
        for (const key of s.at) value = (value as Record<string, unknown> | undefined)?.[key];
        if (value === s.off) {
          const key = s.at.join(".");
          out.push({
            status: "warn",
            message: `${file} sets ${key} to ${s.off}; ${host} runs no hooks`,
            fix: `set ${key} to ${!s.off} in ${file} (or remove it)`,
          });
        }
      }
    }
    return Promise.resolve(out);
  };
}
