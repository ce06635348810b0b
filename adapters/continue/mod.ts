/**
 * Continue (the IDE extensions and the `cn` CLI). Facts from HOSTS.md §11
 * "continue" and continuedev/continue:
 *
 * - Detection: Continue's global folder — `$CONTINUE_GLOBAL_DIR`, else
 *   `~/.continue` — and a project's `.continue/`.
 * - MCP, user: `config.yaml` in the global folder, `mcpServers` a YAML list
 *   keyed by `name` (packages/config-yaml `schemas/mcp/index.ts`): stdio
 *   `{name, command, args, env, cwd}`, remote `{name, type:
 *   "streamable-http"|"sse", url, requestOptions: {headers}}`, either with
 *   `connectionTimeout` in ms (@d0a3c0b `baseMcpServerSchema`;
 *   core/config/yaml/yamlToContinueConfig.ts passes it to MCPConnection.ts
 *   as the connect `setTimeout`). The YAML is
 *   edited in place, comments kept. MCP, project: Continue loads
 *   Claude-format JSON files from `.continue/mcpServers/` (PR #8021;
 *   `schemas/mcp/json.ts`, `convertJson.ts`), so the project entry goes to
 *   `.continue/mcpServers/agent-connector.json` as `{command, args, env}` /
 *   `{type: "http"|"sse", url, headers}` — no cwd or timeout there
 *   (`schemas/mcp/json.ts`). `${VAR}` in those
 *   files means a Continue *secret* (`${{ secrets.VAR }}`), not the process
 *   environment, so references are resolved by `serve` at launch instead.
 * - Hooks: none. cn loads Claude Code-format hook files
 *   (extensions/cli/src/hooks/hookConfig.ts) and has a runner, but its
 *   `fire*` functions (hooks/fireHook.ts) have no caller anywhere in the
 *   repository (continuedev/continue@d0a3c0b626b5bebc3bef4742eec05a0242be0bab;
 *   only the commit that added them mentions them), and the IDE extensions
 *   have no hooks; the real cn 1.5.47 parsed a PreToolUse hook and never
 *   ran it (notes/recipes/real-hosts.md). So declared hooks are reported,
 *   not written (`unfired` names every event); dialects/continue.ts stays
 *   for an entry a user writes by hand.
 * - Content: prompt files `.continue/prompts/<n>.md` /
 *   `<global>/prompts/<n>.md` with `name`, `description`, `invokable: true`
 *   (docs.continue.dev "Prompts": invokable prompts are slash commands).
 * - Memory: the dedicated rules file `rules/agent-connector.md` led by
 *   `alwaysApply: true`, in the project's `.continue/` or, for the user, the
 *   global folder: Continue loads `.md` rules from both
 *   (core/config/markdown/loadMarkdownRules.ts `includeGlobal: true`;
 *   loadLocalAssistants.ts `getDotContinueSubDirs`; core/util/paths.ts
 *   `CONTINUE_GLOBAL_DIR`, a relative value resolved against the cwd),
 *   confirmed in the real cn 1.5.47 (issue #26).
 * - Skills: `<n>/SKILL.md` under `.continue/skills/` or `<global>/skills/`
 *   (cn 1.5.47 loads both, plus `.claude/skills/`, and offers their
 *   descriptions through its `Skills` tool; real-host lab).
 *
 * @module
 */

import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import { defineHost, type HostAdapter } from "../descriptor.ts";
import { project } from "../paths.ts";
import { continueGlobalDir } from "./home.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";
import { standardSkill } from "../render/skill.ts";

const globalDir = continueGlobalDir;
/** Why no Continue hook is written (see the module doc). */
const FIRES_NONE =
  "Continue fires no hooks: cn loads hook files but never calls its fire* functions, and the IDE has none";
const projectDir = project(".continue");

/** The Continue adapter. */
export const adapter: HostAdapter = defineHost({
  id: "continue",
  name: "Continue",
  paradigm: "json-stdio",
  factsFrom: "source",
  detect: { user: [globalDir], project: [projectDir] },
  server: {
    paths: {
      user: globalDir.join("config.yaml"),
      project: projectDir.join("mcpServers", "agent-connector.json"),
    },
    format: "yaml",
    collection: { at: ["mcpServers"], keyField: "name" },
    transports: ["stdio", "http", "sse"],
    render: jsonServerRenderer({
      host: "Continue",
      remoteType: { http: "streamable-http", sse: "sse" },
      headersAt: ["requestOptions", "headers"],
      timeoutKey: "connectionTimeout",
      support: { cwd: true, timeout: true },
    }),
    scopes: {
      project: {
        format: "json",
        collection: { at: ["mcpServers"] },
        render: jsonServerRenderer({ host: "Continue", remoteType: true }),
      },
    },
  },
  // cn's hook files stay a surface with no fired event: every declared hook
  // is reported with why, and entries an older agent-connector wrote there
  // are removed by install and uninstall alike.
  hooks: {
    paths: { user: globalDir.join("settings.json"), project: projectDir.join("settings.json") },
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: {},
    unfired: Object.fromEntries(HOOK_EVENT_NAMES.map((e) => [e, FIRES_NONE])),
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  commands: {
    paths: { user: globalDir.join("prompts"), project: projectDir.join("prompts") },
    render: promptMarkdownRenderer({
      host: "Continue",
      description: true,
      head: (def) => ({ name: def.name, invokable: true }),
    }),
  },
  skills: {
    paths: { user: globalDir.join("skills"), project: projectDir.join("skills") },
    render: standardSkill("Continue"),
  },
  memory: {
    paths: {
      user: globalDir.join("rules", "agent-connector.md"),
      project: projectDir.join("rules", "agent-connector.md"),
    },
    head: "---\nalwaysApply: true\n---\n",
  },
});
