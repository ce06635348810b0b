/**
 * opencode (anomalyco/opencode, formerly sst). Facts from HOSTS.md §8 and
 * opencode.ai/docs:
 *
 * - Detection: the config folder `$XDG_CONFIG_HOME/opencode` (else
 *   `~/.config/opencode`, on every OS: opencode uses xdg-basedir) or the
 *   data folder `~/.local/share/opencode`; a project's `opencode.json(c)`
 *   or `.opencode/`. `OPENCODE_CONFIG_DIR` names an *extra* folder searched
 *   like `.opencode` (opencode.ai/docs/config), not a new home, so it does
 *   not move our files.
 * - MCP (opencode.ai/docs/mcp-servers): `mcp` in `opencode.json` or
 *   `opencode.jsonc` — whichever the user has, else `opencode.json` — in
 *   the config folder or the project root; JSONC, edited in place. Entry
 *   shapes in server.ts. References are written as `{env:VAR}`, which
 *   opencode substitutes when it loads the file (opencode.ai/docs/config
 *   "Variables"; anomalyco/opencode#5299, #13349) — everywhere in the text,
 *   so serve's own templates use the upper-case placeholders it leaves alone.
 * - Hooks: ts-plugin. One generated module per connector in `plugins/` of
 *   the config folder or `.opencode/plugins/` (opencode.ai/docs/plugins:
 *   files there load at startup) — see plugin.ts for how it runs. Native
 *   events (packages/plugin/src/index.ts, bus events): SessionStart =
 *   `session.created`, UserPromptSubmit = `chat.message`, PreToolUse /
 *   PostToolUse = `tool.execute.before` / `.after`, PreCompact =
 *   `experimental.session.compacting`, PostCompact = `session.compacted`,
 *   Stop = `session.idle`, Notification = `tui.toast.show`. There is no
 *   session end, subagent or tool-failure event, and the `permission.ask`
 *   hook is declared but never called (anomalyco/opencode#7006, #46809), so
 *   PermissionRequest is reported.
 * - Content: commands `commands/<n>.md`, skills `skills/<n>/SKILL.md`,
 *   subagents `agents/<n>.md` (older builds read the singular folders too)
 *   under the config folder or `.opencode/`.
 * - Memory: memory.ts (AGENTS.md, or the CLAUDE.md opencode falls back to).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { BRACE_ENV_REF } from "../env_ref.ts";
import { firstExisting, home, project, xdgConfig } from "../paths.ts";
import { binExec } from "../render/command_line.ts";
import { skillRenderer } from "../render/content_files.ts";
import { opencodeCommand, opencodeSubagent } from "./content.ts";
import { placeOpencodeMemory } from "./memory.ts";
import { pluginFileName, renderOpencodePlugin } from "./plugin.ts";
import { opencodeServerEntry } from "./server.ts";

const configDir = xdgConfig("opencode");
const projectDir = project(".opencode");

/** The opencode adapter. */
export const adapter: HostAdapter = defineHost({
  id: "opencode",
  name: "opencode",
  paradigm: "ts-plugin",
  factsFrom: "source",
  detect: {
    user: [configDir, home(".local", "share", "opencode")],
    project: [project("opencode.json"), project("opencode.jsonc"), projectDir],
  },
  // opencode sets OPENCODE=1 and OPENCODE_PID on its own process, so its
  // plugins, shell tool and MCP servers inherit them (packages/opencode
  // src/index.ts). Kilo, its fork, sets OPENCODE=1 too but KILO_PID instead.
  runtimeEnvAmbient: ["OPENCODE_PID"],
  server: {
    paths: {
      user: firstExisting(configDir.join("opencode.json"), configDir.join("opencode.jsonc")),
      project: firstExisting(project("opencode.json"), project("opencode.jsonc")),
    },
    format: "jsonc",
    collection: { at: ["mcp"] },
    transports: ["stdio", "http", "sse"],
    envRef: BRACE_ENV_REF,
    substitutesBraces: true,
    render: opencodeServerEntry,
  },
  hooks: {
    layout: "plugin-module",
    paths: { user: configDir.join("plugins"), project: projectDir.join("plugins") },
    events: {
      SessionStart: { name: "session.created" },
      UserPromptSubmit: { name: "chat.message" },
      PreToolUse: { name: "tool.execute.before", matcher: true },
      PostToolUse: { name: "tool.execute.after", matcher: true },
      PreCompact: { name: "experimental.session.compacting" },
      PostCompact: { name: "session.compacted" },
      Stop: {
        name: "session.idle",
        approx: "observed only: opencode is already idle, so a deny cannot keep it working",
      },
      Notification: {
        name: "tui.toast.show",
        approx: "the toasts opencode's terminal UI shows, not every notification",
      },
    },
    matchers: "claude",
    powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
    module: (input) => ({
      name: pluginFileName(input.connectorId),
      text: renderOpencodePlugin({
        connectorId: input.connectorId,
        exec: binExec(input.homeBin, input.os, []),
        events: input.events.map((e) => ({ ...e })),
      }),
    }),
  },
  commands: {
    paths: { user: configDir.join("commands"), project: projectDir.join("commands") },
    render: opencodeCommand,
  },
  skills: {
    paths: { user: configDir.join("skills"), project: projectDir.join("skills") },
    render: skillRenderer("opencode"),
  },
  subagents: {
    paths: { user: configDir.join("agents"), project: projectDir.join("agents") },
    render: opencodeSubagent,
  },
  memory: {
    paths: { user: configDir.join("AGENTS.md"), project: project("AGENTS.md") },
    place: placeOpencodeMemory,
  },
  doctorNotes: [
    {
      text: "opencode loads plugins at startup: restart opencode after an install or uninstall.",
      about: "hooks",
    },
  ],
});
