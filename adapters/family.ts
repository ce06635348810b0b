/**
 * Families as presets. Many hosts are forks or cousins of another (Qwen Code
 * of Gemini CLI, Claude Code's forks, opencode's, VS Code's), and a fork
 * should declare only what differs. A family's preset lives in its parent's
 * folder (`adapters/gemini_cli/family.ts`) as a function of the facts that
 * vary between members — the home folder, the project dot folder, the
 * name — and a member writes `defineHost(fork(preset, { …differences }))`.
 *
 * @example
 * ```ts ignore
 * import { defineHost } from "../descriptor.ts";
 * import { fork } from "../family.ts";
 * import { geminiFamily } from "../gemini_cli/family.ts";
 * export const adapter = defineHost(fork(
 *   geminiFamily({ id: "qwen-code", name: "Qwen Code", dir: qwenDir, folder: ".qwen" }),
 *   { memory: { paths: { user: qwenDir.join("QWEN.md"), project: project("AGENTS.md") } } },
 * ));
 * ```
 *
 * @module
 */

import type { CommandDef, SkillDef, SubagentDef } from "../core/connector_types.ts";
import type { FileSurface, HostDescriptor } from "./descriptor.ts";
import { type PathFn, project } from "./paths.ts";

/**
 * What a member changes: each surface it names is merged over the parent's
 * surface (one level: `hooks: { events }` keeps the parent's hook paths);
 * `null` removes the parent's surface; every other key replaces.
 */
export type ForkDiff = {
  [K in keyof HostDescriptor]?: HostDescriptor[K] extends infer V ? (
      V extends readonly unknown[] | ((...args: never[]) => unknown) ? V
        : V extends object ? Partial<V> | null
        : V
    )
    : never;
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null &&
    Object.getPrototypeOf(value) === Object.prototype;
}

/** `parent` with `diff` applied (see {@link ForkDiff}). */
export function fork(parent: HostDescriptor, diff: ForkDiff): HostDescriptor {
  const out: Record<string, unknown> = { ...parent };
  for (const [key, value] of Object.entries(diff)) {
    const base = out[key];
    if (value === null) delete out[key];
    else if (isPlainObject(value) && isPlainObject(base)) out[key] = { ...base, ...value };
    else out[key] = value;
  }
  return out as unknown as HostDescriptor;
}

/** The renderers of a dot-folder host's content surfaces. */
export interface DotFolderRenderers {
  /** Renders a command into `commands/`. */
  commands?: FileSurface<CommandDef>["render"];
  /** Renders a skill into `skills/`. */
  skills?: FileSurface<SkillDef>["render"];
  /** Renders a subagent into `agents/`. */
  subagents?: FileSurface<SubagentDef>["render"];
}

/**
 * The content surfaces of a host that keeps them in a dot folder:
 * `<dir>/commands|skills|agents` for the user, `<folder>/commands|skills|agents`
 * in a project (`.claude`, `.gemini`, `.qwen`, …).
 */
export function dotFolderContent(
  dir: PathFn,
  folder: string,
  render: DotFolderRenderers,
): Pick<HostDescriptor, "commands" | "skills" | "subagents"> {
  const at = (name: string) => ({ user: dir.join(name), project: project(folder, name) });
  return {
    ...(render.commands ? { commands: { paths: at("commands"), render: render.commands } } : {}),
    ...(render.skills ? { skills: { paths: at("skills"), render: render.skills } } : {}),
    ...(render.subagents ? { subagents: { paths: at("agents"), render: render.subagents } } : {}),
  };
}
