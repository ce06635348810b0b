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
 *   PermissionRequest is reported. `nativeHooks` names are wired verbatim:
 *   a key of the plugin `Hooks` interface (packages/plugin/src/index.ts:
 *   `chat.params`, `shell.env`, …) gets the reply's keys assigned onto its
 *   `output`; any other name is a bus event type (the SDK's `Event` union:
 *   `session.idle`, `file.edited`, …), fired and forgotten.
 * - Content: commands `commands/<n>.md`, skills `skills/<n>/SKILL.md`,
 *   subagents `agents/<n>.md` (older builds read the singular folders too)
 *   under the config folder or `.opencode/`.
 * - Memory: memory.ts (AGENTS.md, or the CLAUDE.md opencode falls back to).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { opencodeFamily } from "./family.ts";
import { opencodeConfig, opencodeData } from "./home.ts";

/** The opencode adapter: the family preset with opencode's own folders. */
export const adapter: HostAdapter = defineHost(fork(
  opencodeFamily({
    id: "opencode",
    name: "opencode",
    config: opencodeConfig,
    data: opencodeData,
    folder: ".opencode",
    configFile: "opencode",
    envPrefix: "OPENCODE",
  }),
  { factsFrom: "source" },
));
