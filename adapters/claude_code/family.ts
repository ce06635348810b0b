/**
 * The Claude Code family preset (adapters/family.ts): what Claude Code and
 * the hosts built on its protocol share (its forks keep its settings file,
 * events and content folders under their own dot folder), as a function of
 * what differs — the home folder, the project dot folder, the context file.
 * Hooks: nested groups under `hooks` in `settings.json`, all 13 normalized
 * events native, Claude's matchers; commands, skills and subagents in the
 * dot folder; the status line and configPatch in the same settings file.
 * The MCP file differs per member, so each declares its own `server`.
 *
 * @module
 */

import { HOOK_EVENT_NAMES, type HookEventName } from "../../core/hook_types.ts";
import { MATCHER_SUBJECT } from "../../core/matcher.ts";
import type { HostId } from "../../core/platform_types.ts";
import type { HostDescriptor, NativeEventSpec } from "../descriptor.ts";
import { dotFolderContent } from "../family.ts";
import { type PathFn, project } from "../paths.ts";
import { claudeSensitiveKeyViolation } from "../../core/claude_sensitive_keys.ts";
import { claudeCommand, claudeSkill, claudeSubagent } from "./content.ts";

/** All 13 normalized events under their own names; matchers filter tool and agent events. */
export const CLAUDE_EVENTS: Record<HookEventName, NativeEventSpec> = Object.fromEntries(
  HOOK_EVENT_NAMES.map((e) => [e, { name: e, matcher: MATCHER_SUBJECT[e] !== undefined }]),
) as Record<HookEventName, NativeEventSpec>;

/** What tells one member of the Claude Code family from another. */
export interface ClaudeMember {
  /** Host id. */
  id: HostId;
  /** Human name. */
  name: string;
  /** The user's home folder of the host (`~/.claude`). */
  dir: PathFn;
  /** The project's dot folder (`.claude`). */
  folder: string;
  /** The context file (`CLAUDE.md`). */
  memoryFile: string;
}

/** The Claude Code family's descriptor for member `m` (without `server`). */
export function claudeFamily(m: ClaudeMember): HostDescriptor {
  const settings = {
    user: m.dir.join("settings.json"),
    project: project(m.folder, "settings.json"),
  };
  return {
    id: m.id,
    name: m.name,
    paradigm: "json-stdio",
    detect: { user: [m.dir], project: [project(m.folder), project(m.memoryFile)] },
    hooks: {
      paths: settings,
      format: "json",
      at: ["hooks"],
      layout: "nested-groups",
      events: CLAUDE_EVENTS,
      handler: (command) => ({ type: "command", command }),
      matchers: "claude",
      nativeHooks: true,
      powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
    },
    ...dotFolderContent(m.dir, m.folder, {
      commands: claudeCommand,
      skills: claudeSkill,
      subagents: claudeSubagent,
    }),
    memory: { paths: { user: m.dir.join(m.memoryFile), project: project(m.memoryFile) } },
    statusline: {
      // HOSTS.md §2d, code.claude.com/docs/en/statusline
      paths: settings,
      key: "statusLine",
      render: (command, options) => ({
        type: "command",
        command,
        ...(options.refreshInterval ? { refreshInterval: options.refreshInterval } : {}),
      }),
      supports: { refreshInterval: true },
    },
    // Exactly one patchable file per scope (spec §2.8); Claude's sensitive keys refused.
    configPatch: { paths: settings, format: "json", denied: claudeSensitiveKeyViolation },
  };
}
