/**
 * Zed's agent (mcp-only). Facts from HOSTS.md §11 "zed" and zed.dev/docs:
 *
 * - Detection: Zed's config folder — `~/.config/zed` on macOS,
 *   `$XDG_CONFIG_HOME/zed` (else `~/.config/zed`) on Linux, `%APPDATA%\Zed`
 *   on Windows (zed `paths::config_dir`) — and a project's `.zed/`.
 * - MCP (zed.dev/docs/ai/mcp): `context_servers` in the JSONC
 *   `settings.json` of either folder, shared with every editor setting, so
 *   only our key is edited. stdio is flat `{command, args, env}` (the old
 *   nested `{command: {path, args}}` form is dropped silently by new Zed);
 *   remote is `{url, headers}`; both take `timeout` in seconds for tool
 *   calls; `enabled: false` disables an entry. Zed
 *   expands no references, so `serve` resolves them at launch; remote
 *   headers holding one are reported.
 * - Hooks: none. Every declared event is reported.
 * - Skills: the shared `.agents/skills/` and `~/.agents/skills/` folders.
 * - Memory (zed.dev/docs/ai/rules, /docs/ai/instructions): a project's
 *   first existing file of `.rules`, `.cursorrules`, `.windsurfrules`,
 *   `.clinerules`, `.github/copilot-instructions.md`, `AGENT.md`,
 *   `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` — AGENTS.md is created only when
 *   none exists; personal instructions in `<config>/AGENTS.md`.
 * - Actions (zed.dev/docs/tasks): tasks, a JSONC array of
 *   `{label, command, args, …}` in `<config>/tasks.json` (global, `zed: open
 *   tasks`) and a project's `.zed/tasks.json`; the user runs one with
 *   `task: spawn` from the command palette, output in Zed's terminal. One
 *   task per action, labelled `<connector>: <action label>`, running the
 *   home binary's `action zed <id> --connector <id>`.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { appConfig, byOs, home, pathApi, project, xdgConfig } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { skillRenderer } from "../render/content_files.ts";
import { placeFirstMatch } from "../render/first_match.ts";

const zedDir = byOs({
  win32: appConfig("Zed"),
  darwin: home(".config", "zed"),
  default: xdgConfig("zed"),
});

/** Zed's rules files, in the order it looks for them (first match wins). */
export const ZED_RULES_FILES: readonly string[] = [
  ".rules",
  ".cursorrules",
  ".windsurfrules",
  ".clinerules",
  ".github/copilot-instructions.md",
  "AGENT.md",
  "AGENTS.md",
  "CLAUDE.md",
  "GEMINI.md",
];

/** The Zed adapter. */
export const adapter: HostAdapter = defineHost({
  id: "zed",
  name: "Zed",
  paradigm: "mcp-only",
  factsFrom: "source",
  detect: { user: [zedDir], project: [project(".zed")] },
  server: {
    paths: { user: zedDir.join("settings.json"), project: project(".zed", "settings.json") },
    format: "jsonc",
    collection: { at: ["context_servers"] },
    transports: ["stdio", "http"],
    render: jsonServerRenderer({
      host: "Zed",
      // `timeout` in seconds on both kinds (zed-industries/zed@006ce51
      // crates/settings_content/src/project.rs `ContextServerCommand`, `Http`).
      support: { disabled: true, timeout: true },
      timeoutUnit: "s",
      disabledField: "enabled",
    }),
  },
  skills: {
    paths: { user: home(".agents", "skills"), project: project(".agents", "skills") },
    render: skillRenderer("Zed"),
  },
  actions: {
    paths: { user: zedDir.join("tasks.json"), project: project(".zed", "tasks.json") },
    format: "jsonc",
    at: [],
    invocation: "task",
    affordance: "task",
    render: ({ label, command, args }) => ({ label, command, args }),
  },
  memory: {
    paths: { user: zedDir.join("AGENTS.md"), project: project("AGENTS.md") },
    place: placeFirstMatch((input) =>
      input.scope === "project"
        ? ZED_RULES_FILES.map((f) =>
          pathApi(input.ctx.os).join(input.ctx.projectDir, ...f.split("/"))
        )
        : []
    ),
  },
});
