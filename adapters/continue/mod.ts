/**
 * Continue (the IDE extensions and the `cn` CLI). Facts from HOSTS.md §11
 * "continue" and continuedev/continue:
 *
 * - Detection: Continue's global folder — `$CONTINUE_GLOBAL_DIR`, else
 *   `~/.continue` — and a project's `.continue/`.
 * - MCP, user: `config.yaml` in the global folder, `mcpServers` a YAML list
 *   keyed by `name` (packages/config-yaml `schemas/mcp/index.ts`): stdio
 *   `{name, command, args, env, cwd}`, remote `{name, type:
 *   "streamable-http"|"sse", url, requestOptions: {headers}}`. The YAML is
 *   edited in place, comments kept. MCP, project: Continue loads
 *   Claude-format JSON files from `.continue/mcpServers/` (PR #8021;
 *   `schemas/mcp/json.ts`, `convertJson.ts`), so the project entry goes to
 *   `.continue/mcpServers/agent-connector.json` as `{command, args, env}` /
 *   `{type: "http"|"sse", url, headers}` — no cwd there. `${VAR}` in those
 *   files means a Continue *secret* (`${{ secrets.VAR }}`), not the process
 *   environment, so references are resolved by `serve` at launch instead.
 * - Hooks (cn, extensions/cli/src/hooks): Claude Code's hook format in
 *   `settings.json` of the global folder (honoring `CONTINUE_GLOBAL_DIR`)
 *   and `.continue/settings.json`; nested matcher groups, unanchored regex
 *   matchers, Claude payloads and replies (dialects/continue.ts). cn fires
 *   nine of the thirteen events. cn also runs Claude Code's own hook files,
 *   so a connector installed for both hosts is answered once, by the entry
 *   of the host that is running (runtime_detect.ts).
 * - Content: prompt files `.continue/prompts/<n>.md` /
 *   `<global>/prompts/<n>.md` with `name`, `description`, `invokable: true`
 *   (docs.continue.dev "Prompts": invokable prompts are slash commands).
 * - Memory: the dedicated rules file `agent-connector.md` led by
 *   `alwaysApply: true` (spec §2.4, Continue rules docs) in
 *   `.continue/rules/` or, for user scope, `<global>/rules/`: cn 1.5.47 reads
 *   every `.md` under both folders into the system prompt (measured in the
 *   real-host lab, tests/lab; its bundled loader joins `process.cwd()`,
 *   ".continue", "rules" and `continueHome`, "rules").
 * - Skills: `<n>/SKILL.md` under `.continue/skills/` or `<global>/skills/`
 *   (cn 1.5.47 loads both, plus `.claude/skills/`, and offers their
 *   descriptions through its `Skills` tool; real-host lab).
 *
 * @module
 */

import type { HookEventName } from "../../core/hook_types.ts";
import { MATCHER_SUBJECT } from "../../core/matcher.ts";
import { defineHost, type HostAdapter, type NativeEventSpec } from "../descriptor.ts";
import { envDir, home, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";
import { standardSkill } from "../render/skill.ts";

const globalDir = envDir("CONTINUE_GLOBAL_DIR", home(".continue"));
const projectDir = project(".continue");

/**
 * Why every hook is marked approximate: cn 1.5.47, the newest on npm, runs none of them
 * (measured in the real-host lab, tests/lab; its bundle has no call that fires one).
 */
const NOT_YET = "cn 1.5.47 (newest on npm) does not run hooks yet; Continue's source fires this";

/** The events cn fires (hooks/fireHook.ts), under their Claude names. */
const FIRED: HookEventName[] = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "Notification",
  "PreCompact",
];

/** The Continue adapter. */
export const adapter: HostAdapter = defineHost({
  id: "continue",
  name: "Continue",
  paradigm: "json-stdio",
  detect: { user: [globalDir], project: [projectDir] },
  // Continue's CLI sets CLAUDE_PROJECT_DIR too for the Claude-format hooks it
  // runs (extensions/cli/src/hooks/hookRunner.ts: `CLAUDE_PROJECT_DIR: cwd,
  // CONTINUE_PROJECT_DIR: cwd`).
  runtimeEnv: ["CONTINUE_PROJECT_DIR"],
  runtimeEnvAlsoSets: ["claude-code"],
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
      support: { cwd: true },
    }),
    scopes: {
      project: {
        format: "json",
        collection: { at: ["mcpServers"] },
        render: jsonServerRenderer({ host: "Continue", remoteType: true }),
      },
    },
  },
  hooks: {
    paths: { user: globalDir.join("settings.json"), project: projectDir.join("settings.json") },
    format: "json",
    at: ["hooks"],
    layout: "nested-groups",
    events: Object.fromEntries(
      FIRED.map((
        e,
      ) => [e, { name: e, matcher: MATCHER_SUBJECT[e] !== undefined, approx: NOT_YET }]),
    ) as Partial<Record<HookEventName, NativeEventSpec>>,
    handler: (command) => ({ type: "command", command }),
    matchers: "regex",
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
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
  doctorNotes: [
    {
      // Measured in the real-host lab (tests/lab): cn 1.5.47 runs no hook of
      // settings.json, and its bundle has no call that fires one.
      text:
        "cn 1.5.47, the newest Continue CLI on npm, does not run hooks yet: the hooks are written for the release that does (Continue's source fires them)",
      about: "hooks",
    },
  ],
});
