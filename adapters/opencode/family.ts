/**
 * The opencode family preset (adapters/family.ts): what opencode and its
 * forks (Kilo, MiMoCode, …) share, as a function of what differs — the
 * config and data folders, the project dot folder and the config file's
 * name. Facts in ./mod.ts.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { HostDescriptor } from "../descriptor.ts";
import { BRACE_ENV_REF } from "../env_ref.ts";
import { dotFolderContent } from "../family.ts";
import { firstExisting, type PathFn, project } from "../paths.ts";
import { binExec } from "../render/command_line.ts";
import { skillRenderer } from "../render/content_files.ts";
import { opencodeCommand, opencodeSubagent } from "./content.ts";
import { placeFamilyMemory } from "./memory.ts";
import { pluginFileName, type PluginHost, renderOpencodePlugin } from "./plugin.ts";
import { opencodeServerEntry } from "./server.ts";

/** What tells one member of the opencode family from another. */
export interface OpencodeMember {
  /** Host id. */
  id: HostId;
  /** Human name. */
  name: string;
  /** The config folder (`~/.config/opencode`). */
  config: PathFn;
  /** The data folder (`~/.local/share/opencode`). */
  data: PathFn;
  /** The project's dot folder (`.opencode`). */
  folder: string;
  /** The config file's name without extension (`opencode` for `opencode.json(c)`). */
  configFile: string;
  /** The prefix of the member's env switches (`OPENCODE` for `OPENCODE_DISABLE_CLAUDE_CODE`). */
  envPrefix: string;
  /** The host id the generated plugin names on its `hook` command line (default `id`). */
  hookHost?: PluginHost;
}

/** The opencode family's descriptor for member `m`. */
export function opencodeFamily(m: OpencodeMember): HostDescriptor {
  const file = (dir: PathFn) =>
    firstExisting(dir.join(`${m.configFile}.json`), dir.join(`${m.configFile}.jsonc`));
  const projectDir = project(m.folder);
  return {
    id: m.id,
    name: m.name,
    paradigm: "ts-plugin",
    detect: {
      user: [m.config, m.data],
      project: [project(`${m.configFile}.json`), project(`${m.configFile}.jsonc`), projectDir],
    },
    server: {
      paths: { user: file(m.config), project: file(project()) },
      format: "jsonc",
      collection: { at: ["mcp"] },
      transports: ["stdio", "http", "sse"],
      envRef: BRACE_ENV_REF,
      substitutesBraces: true,
      render: opencodeServerEntry,
    },
    hooks: {
      layout: "plugin-module",
      paths: { user: m.config.join("plugins"), project: projectDir.join("plugins") },
      events: {
        SessionStart: { name: "session.created" },
        UserPromptSubmit: { name: "chat.message" },
        PreToolUse: { name: "tool.execute.before", matcher: true },
        PostToolUse: { name: "tool.execute.after", matcher: true },
        PreCompact: { name: "experimental.session.compacting" },
        PostCompact: { name: "session.compacted" },
        Stop: {
          name: "session.idle",
          approx: `observed only: ${m.name} is already idle, so a deny cannot keep it working`,
        },
        Notification: {
          name: "tui.toast.show",
          approx: `the toasts ${m.name}'s terminal UI shows, not every notification`,
        },
      },
      matchers: "claude",
      nativeHooks: true,
      powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
      module: (input) => ({
        name: pluginFileName(input.connectorId),
        text: renderOpencodePlugin({
          connectorId: input.connectorId,
          host: m.hookHost ?? m.id,
          exec: binExec(input.homeBin, input.os, []),
          events: input.events.map((e) => ({ ...e })),
          ...(input.natives ? { natives: input.natives } : {}),
        }),
      }),
    },
    ...dotFolderContent(m.config, m.folder, {
      commands: opencodeCommand,
      skills: skillRenderer(m.name),
      subagents: opencodeSubagent,
    }),
    memory: {
      paths: { user: m.config.join("AGENTS.md"), project: project("AGENTS.md") },
      place: placeFamilyMemory(m.envPrefix),
    },
    doctorNotes: [
      {
        text:
          `${m.name} loads plugins at startup: restart ${m.name} after an install or uninstall.`,
        about: "hooks",
      },
    ],
  };
}
