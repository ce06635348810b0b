/**
 * The Gemini CLI family preset (adapters/family.ts): what Gemini CLI and its
 * forks (Qwen Code, …) share, as a function of what differs — the home
 * folder, the project dot folder and the memory file name. MCP servers and
 * hooks live in `settings.json` (JSONC) of both; MCP entries take Gemini's
 * shape (`url` = SSE, `httpUrl` = streamable HTTP) with `$VAR`/`${VAR}`
 * expanded; hooks are nested groups under `hooks` with regex matchers,
 * Gemini's event names (BeforeTool, AfterAgent, …) unless a member names its
 * own; commands are TOML prompts, skills standard SKILL.md folders,
 * subagents Markdown with frontmatter — all in the dot folder; memory is
 * the context file, `context.fileName` honored.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { HostDescriptor } from "../descriptor.ts";
import { DOLLAR_BRACE_REF } from "../env_ref.ts";
import { dotFolderContent } from "../family.ts";
import { type PathFn, project } from "../paths.ts";
import { placeByContextFileName } from "../render/context_file.ts";
import { geminiServerEntry } from "../render/server_gemini.ts";
import { standardSkill } from "../render/skill.ts";
import { tomlPromptCommand } from "../render/toml_command.ts";
import { geminiSubagent } from "./content.ts";

/** What tells one member of the Gemini family from another. */
export interface GeminiMember {
  /** Host id. */
  id: HostId;
  /** Human name. */
  name: string;
  /** The user's home folder of the host (`~/.gemini`). */
  dir: PathFn;
  /** The project's dot folder (`.gemini`). */
  folder: string;
  /** The context file (`GEMINI.md`). */
  memoryFile: string;
}

/** The settings files of a member. */
export function geminiSettings(m: Pick<GeminiMember, "dir" | "folder">): {
  user: PathFn;
  project: PathFn;
} {
  return { user: m.dir.join("settings.json"), project: project(m.folder, "settings.json") };
}

/** The Gemini family's descriptor for member `m`. */
export function geminiFamily(m: GeminiMember): HostDescriptor {
  const settings = geminiSettings(m);
  return {
    id: m.id,
    name: m.name,
    paradigm: "json-stdio",
    detect: { user: [settings.user], project: [project(m.folder)] },
    server: {
      paths: settings,
      format: "jsonc",
      collection: { at: ["mcpServers"] },
      transports: ["stdio", "sse", "http"],
      envRef: DOLLAR_BRACE_REF,
      render: geminiServerEntry(m.name),
    },
    hooks: {
      paths: settings,
      format: "jsonc",
      at: ["hooks"],
      layout: "nested-groups",
      events: {
        SessionStart: { name: "SessionStart" },
        SessionEnd: { name: "SessionEnd" },
        UserPromptSubmit: { name: "BeforeAgent" },
        PreToolUse: { name: "BeforeTool", matcher: true },
        PostToolUse: { name: "AfterTool", matcher: true },
        PreCompact: { name: "PreCompress" },
        Stop: {
          name: "AfterAgent",
          approx: "which fires after each turn's final response; a deny makes Gemini retry",
        },
        Notification: { name: "Notification" },
      },
      handler: (command) => ({ type: "command", command }),
      matchers: "regex",
      nativeHooks: true,
      powers: { modifyArgs: true, modifyOutput: true, sessionContext: true },
    },
    ...dotFolderContent(m.dir, m.folder, {
      commands: tomlPromptCommand(m.name),
      skills: standardSkill(m.name),
      subagents: geminiSubagent,
    }),
    memory: {
      paths: { user: m.dir.join(m.memoryFile), project: project(m.memoryFile) },
      place: placeByContextFileName(settings),
    },
  };
}
