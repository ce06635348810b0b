/**
 * Mistral Vibe's doctor check: in 2.18.4 Vibe loads no hook file unless
 * `enable_experimental_hooks = true` (vibe/core/hooks/config.py
 * `load_hooks_from_fs`; the project's config.toml replaces the user's value,
 * vibe_schema.py `WithReplaceMerge`). Read-only; the environment switch
 * `VIBE_ENABLE_EXPERIMENTAL_HOOKS=true` is the host's process's and not
 * seen here, so the warning names it.
 *
 * @module
 */

import type { DoctorCheckInput, HostFinding } from "../descriptor.ts";
import type { PathFn } from "../paths.ts";

/** The flag in one config.toml: true, false, or undefined when unset or unreadable. */
async function flagIn(text: string | undefined): Promise<boolean | undefined> {
  if (text === undefined) return undefined;
  try {
    const { parse } = await import("smol-toml");
    const value = (parse(text) as Record<string, unknown>).enable_experimental_hooks;
    return typeof value === "boolean" ? value : undefined;
  } catch {
    return undefined; // install reports a file that does not parse
  }
}

/** Warns when the config layers of the scope leave Vibe's hooks switched off. */
export function vibeHookChecks(
  layers: { user: PathFn; project: PathFn },
): (input: DoctorCheckInput) => Promise<HostFinding[]> {
  return async (input) => {
    const user = layers.user(input.ctx);
    const files = input.scope === "project" ? [layers.project(input.ctx), user] : [user];
    for (const file of files) {
      const on = await flagIn(input.probe.readText(file));
      if (on !== undefined) {
        return on ? [] : [{
          status: "warn",
          message: `${file} sets enable_experimental_hooks = false; Mistral Vibe runs no hooks`,
          fix: `set enable_experimental_hooks = true in ${file}`,
        }];
      }
    }
    return [{
      status: "warn",
      message:
        "Mistral Vibe runs hooks only with enable_experimental_hooks = true (2.18.4); no config.toml sets it",
      fix:
        `add enable_experimental_hooks = true to ${user} (or run Vibe with VIBE_ENABLE_EXPERIMENTAL_HOOKS=true)`,
    }];
  };
}
