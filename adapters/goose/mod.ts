/**
 * Goose (Block; the `goose` CLI and desktop app). Facts, each with its source
 * in SOURCES.md beside this file:
 *
 * - Detection: Goose's config folder (home.ts) and a project's `.goosehints`
 *   or `.goose/`.
 * - MCP ("extensions"): `extensions:` in `<config>/config.yaml`, a YAML map
 *   keyed by id, edited in place with the user's comments kept. stdio is
 *   `{name, description, type: stdio, cmd, args, envs, enabled, timeout}`
 *   (`cmd`/`envs`, not command/env; HOSTS.md trap 2; `description` is
 *   required by newer builds); remote is `{type: streamable_http, uri,
 *   headers}`; `timeout` in seconds. SSE is kept by Goose only to read old
 *   configs, so an SSE server is reported, not written. Goose expands no env
 *   references in these values, so serve resolves them at launch. Builtin
 *   extensions (`developer`) are the user's and never touched. There is no
 *   project config file: a project install registers no server.
 * - Hooks (Open Plugins, Goose ≥ 1.38): `hooks/hooks.json` in a plugin
 *   folder — `~/.agents/plugins/<plugin>/` or `<project>/.agents/plugins/
 *   <plugin>/`; the folder's name is the plugin's and `hooks/hooks.json` is
 *   all a plugin needs (plugins/discovery.rs). Every connector's entries go
 *   into one plugin, `agent-connector`. Claude's nested groups; matchers are
 *   unanchored regexes. Goose fires SessionStart, SessionEnd,
 *   UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure and Stop;
 *   never the compaction, notification, permission or subagent events.
 *   Replies: dialect.ts.
 * - Skills: `~/.agents/skills/<n>/SKILL.md` and `.agents/skills/`.
 * - Memory: the global `.goosehints` in the config folder (spec §2.4); in a
 *   project, the AGENTS.md Goose reads before `.goosehints`.
 * - No slash-command files (recipes are YAML sessions, not prompts) and no
 *   subagent files: both are reported.
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import {
  defineHost,
  type HostAdapter,
  type RenderedEntry,
  type ServerRenderInput,
} from "../descriptor.ts";
import { home, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { gooseConfigDir, goosePluginsDir } from "./home.ts";

const PLUGIN = "agent-connector";

const base = jsonServerRenderer({
  host: "Goose",
  stdioType: "stdio",
  remoteType: { http: "streamable_http" },
  urlKey: "uri",
  timeoutUnit: "s",
  disabledField: "enabled",
  support: { timeout: true, disabled: true },
});

const GOOSE_KEYS: Record<string, string> = { command: "cmd", env: "envs" };

/** Goose's extension entry: the flat entry with Goose's key names, a name and `enabled`. */
export function renderGooseExtension(input: ServerRenderInput): RenderedEntry {
  const out = base(input);
  const entry: Record<string, unknown> = { name: input.id, description: input.displayName };
  for (const [key, value] of Object.entries(out.entry)) entry[GOOSE_KEYS[key] ?? key] = value;
  if (!("enabled" in entry)) entry.enabled = true;
  return { ...out, entry };
}

/** The events Goose fires, under the same names (hooks.md "Supported Events"). */
const FIRED: Array<[HookEventName, boolean]> = [
  ["SessionStart", false],
  ["SessionEnd", false],
  ["UserPromptSubmit", false],
  ["PreToolUse", true],
  ["PostToolUse", true],
  ["PostToolUseFailure", true],
  ["Stop", false],
];

/** The Goose adapter. */
export const adapter: HostAdapter = defineHost({
  id: "goose",
  name: "Goose",
  paradigm: "json-stdio",
  detect: {
    user: [gooseConfigDir],
    project: [project(".goosehints"), project(".goose")],
  },
  server: {
    paths: { user: gooseConfigDir.join("config.yaml") },
    format: "yaml",
    collection: { at: ["extensions"] },
    transports: ["stdio", "http"],
    render: renderGooseExtension,
  },
  hooks: {
    paths: {
      user: goosePluginsDir.join(PLUGIN, "hooks", "hooks.json"),
      project: project(".agents", "plugins", PLUGIN, "hooks", "hooks.json"),
    },
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: Object.fromEntries(FIRED.map(([e, matcher]) => [e, { name: e, matcher }])),
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  skills: {
    paths: { user: home(".agents", "skills"), project: project(".agents", "skills") },
    render: skillRenderer("Goose"),
  },
  memory: {
    paths: { user: gooseConfigDir.join(".goosehints"), project: project("AGENTS.md") },
  },
  doctorNotes: [
    {
      text:
        "Goose reads hook decisions only on PreToolUse and Stop; context and rewrites cannot reach it.",
      about: "hooks",
    },
    {
      text:
        "A plugin listed in disabledPlugins of ~/.config/goose/settings.json (or plugins.<path>.enabled: false in config.yaml) has its hooks skipped.",
      about: "hooks",
    },
  ],
});
