/**
 * Codex-specific doctor checks: hooks switched off in a config layer
 * (`[features] hooks = false`, or its deprecated alias `codex_hooks`;
 * developers.openai.com/codex/hooks). Read-only.
 *
 * @module
 */

import type { DoctorCheckInput, HostFinding } from "../descriptor.ts";
import type { PathFn } from "../paths.ts";

/** The config layers that apply to a scope: the project's (if any), then the user's. */
export function codexHookChecks(
  layers: { user: PathFn; project?: PathFn },
): (input: DoctorCheckInput) => Promise<HostFinding[]> {
  return async (input) => {
    const files = input.scope === "project" && layers.project
      ? [layers.project(input.ctx), layers.user(input.ctx)]
      : [layers.user(input.ctx)];
    const out: HostFinding[] = [];
    for (const file of files) {
      const text = input.probe.readText(file);
      if (text === undefined) continue;
      let features: Record<string, unknown> | undefined;
      try {
        const { parse } = await import("smol-toml");
        features = (parse(text) as { features?: Record<string, unknown> }).features;
      } catch {
        continue; // install reports a file that does not parse
      }
      for (const key of ["hooks", "codex_hooks"]) {
        if (features?.[key] === false) {
          out.push({
            status: "warn",
            message: `${file} turns hooks off ([features] ${key} = false); Codex runs none of them`,
            fix: `remove "${key} = false" from [features] in ${file}`,
          });
        }
      }
    }
    return out;
  };
}
