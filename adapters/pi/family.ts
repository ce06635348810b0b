/**
 * The content surfaces pi and its fork oh-my-pi share: prompt files (pi's
 * `prompts/`, oh-my-pi's `commands/`, both ./content.ts), skills
 * `skills/<n>/SKILL.md`, under the agent folder or the project's dot
 * folder, and memory in the agent folder's AGENTS.md and the project's
 * (./memory.ts). There are no subagent files.
 *
 * @module
 */

import type { HostDescriptor } from "../descriptor.ts";
import { type PathFn, project } from "../paths.ts";
import { skillRenderer } from "../render/content_files.ts";
import { piPromptRenderer } from "./content.ts";
import { placePiMemory } from "./memory.ts";

/** What differs between the members: names and folders. */
export interface PiMember {
  /** The host's name in reports. */
  name: string;
  /** The agent folder (`~/.pi/agent`). */
  dir: PathFn;
  /** The project's dot folder (`.pi`). */
  folder: string;
  /** The folder of prompt files: pi's `prompts`, oh-my-pi's `commands`. */
  commands: string;
}

/** The commands, skills and memory surfaces of member `m`. */
export function piFamilyContent(
  m: PiMember,
): Pick<HostDescriptor, "commands" | "skills" | "memory"> {
  const at = (name: string) => ({ user: m.dir.join(name), project: project(m.folder, name) });
  return {
    commands: { paths: at(m.commands), render: piPromptRenderer(m.name) },
    skills: { paths: at("skills"), render: skillRenderer(m.name) },
    memory: {
      paths: { user: m.dir.join("AGENTS.md"), project: project("AGENTS.md") },
      place: placePiMemory,
    },
  };
}
