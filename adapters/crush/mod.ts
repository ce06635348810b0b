/**
 * Crush (Charm). Facts, each with its source in SOURCES.md beside this file
 * (charmbracelet/crush is open source; its config loader is the truth):
 *
 * - Detection: Crush's config folder (home.ts) and a project's `crush.json`,
 *   `.crush.json` or `.crush/` data folder.
 * - MCP: root key `mcp` (not `mcpServers`) in the global `crush.json` or the
 *   project's `crush.json` / `.crush.json` (the one that exists; both are
 *   merged). stdio `{type: "stdio", command, args, env, timeout, disabled}`,
 *   remote `{type: "http" | "sse", url, headers}`; `timeout` in seconds.
 * - Crush runs env, args, url and headers through its shell at load time:
 *   `$VAR`, `${VAR}` and `${VAR:-default}` expand — so references are
 *   written that way — and so would `$(...)` and backticks, which run a
 *   command. An entry holding either is never written (reported instead).
 * - Hooks: `hooks.PreToolUse`, flat `{matcher, command}` entries in the same
 *   file; matchers are regexes on the tool name. PreToolUse is the only
 *   event Crush fires (docs/hooks/README.md); replies in dialect.ts.
 * - Commands: Markdown files in `<config>/crush/commands/` and
 *   `.crush/commands/` (internal/commands). Skills: `$CRUSH_SKILLS_DIR` or
 *   `<config>/crush/skills/`, and `.crush/skills/`.
 * - Memory: the global `CRUSH.md` beside crush.json; in a project, the
 *   AGENTS.md among Crush's default context files.
 *
 * @module
 */

import {
  defineHost,
  type HostAdapter,
  type RenderedEntry,
  type ServerRenderInput,
} from "../descriptor.ts";
import { CLAUDE_ENV_REF } from "../env_ref.ts";
import { firstExisting, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { promptMarkdownRenderer } from "../render/prompt_markdown.ts";
import { crushCommandsDir, crushConfigDir, crushMemory, crushSkillsDir } from "./home.ts";

const base = jsonServerRenderer({
  host: "Crush",
  stdioType: "stdio",
  remoteType: true,
  timeoutUnit: "s",
  support: { timeout: true, disabled: true },
});

/** True when `value` holds a string Crush's shell would run as a command. */
function runsCommand(value: unknown): boolean {
  if (typeof value === "string") return value.includes("$(") || value.includes("`");
  if (Array.isArray(value)) return value.some(runsCommand);
  if (value && typeof value === "object") return Object.values(value).some(runsCommand);
  return false;
}

/** Crush's MCP entry; never one holding `$(...)` or backticks, which Crush runs at load. */
export function renderCrushServer(input: ServerRenderInput): RenderedEntry {
  const out = base(input);
  if (runsCommand(out.entry)) {
    return {
      ...out,
      skip:
        "Crush runs $(...) and backticks in its config as shell commands at load; the entry holds one, so it is not written",
    };
  }
  return out;
}

const userFile = crushConfigDir.join("crush.json");
const projectFile = firstExisting(project("crush.json"), project(".crush.json"));

/** The Crush adapter. */
export const adapter: HostAdapter = defineHost({
  id: "crush",
  name: "Crush",
  paradigm: "json-stdio",
  detect: {
    user: [crushConfigDir],
    project: [project("crush.json"), project(".crush.json"), project(".crush")],
  },
  server: {
    paths: { user: userFile, project: projectFile },
    format: "json",
    collection: { at: ["mcp"] },
    transports: ["stdio", "http", "sse"],
    envRef: CLAUDE_ENV_REF,
    render: renderCrushServer,
  },
  hooks: {
    paths: { user: userFile, project: projectFile },
    format: "json",
    at: ["hooks"],
    layout: "flat-entries",
    events: { PreToolUse: { name: "PreToolUse", matcher: true } },
    handler: (command) => ({ command }),
    matchers: "regex",
    powers: { modifyArgs: true, modifyOutput: false, sessionContext: false },
  },
  commands: {
    paths: { user: crushCommandsDir, project: project(".crush", "commands") },
    render: promptMarkdownRenderer({ host: "Crush" }),
  },
  skills: {
    paths: { user: crushSkillsDir, project: project(".crush", "skills") },
    render: skillRenderer("Crush"),
  },
  memory: { paths: { user: crushMemory, project: project("AGENTS.md") } },
  doctorNotes: [
    {
      text:
        "Crush fires only PreToolUse; a hook's allow is left silent so Crush's own permission prompt still asks.",
      about: "hooks",
    },
  ],
});
