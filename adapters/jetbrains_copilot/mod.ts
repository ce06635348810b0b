/**
 * GitHub Copilot in JetBrains IDEs (IntelliJ IDEA, PyCharm, WebStorm, …).
 * HOSTS.md §6 (end) says only that it shares the `.github/hooks` format and
 * that MCP is configured in the IDE; newer sources correct and complete it:
 *
 * - MCP: one global file shared by every JetBrains IDE,
 *   `~/.config/github-copilot/intellij/mcp.json`
 *   (microsoft/copilot-intellij-feedback#701) —
 *   `%LOCALAPPDATA%\github-copilot\intellij\mcp.json` on Windows (#672, and
 *   the maintainer's reply in #2044 calls the single shared file
 *   intentional). It is the file the IDE's "Configure" button opens; root
 *   `servers`, stdio `{command, args, env}`, remote `{url, requestInit:
 *   {headers}}` (github/github-mcp-server
 *   docs/installation-guides/install-other-copilot-ides.md). There is no
 *   project MCP file (#589, #701) and no documented env-reference syntax, so
 *   `serve` resolves references at launch. We honor `XDG_CONFIG_HOME` like
 *   the Copilot language server's other state under `github-copilot/`.
 * - Detection: that `github-copilot/intellij/` folder. A project's
 *   `.github/` (or `.idea/`) is no evidence of Copilot in JetBrains.
 * - Hooks: only `<git root>/.github/hooks/**\/*.json`, lowerCamel event
 *   names, no user location (#1653, from the bundled
 *   `copilot-agent/dist/main.js`); events sessionStart, sessionEnd,
 *   userPromptSubmitted, preToolUse, postToolUse (and errorOccurred, which
 *   `nativeHooks` can name: native names are written verbatim).
 *   Matchers are ignored (HOSTS.md trap 8). The payload is
 *   `{timestamp, cwd, toolName, toolArgs}` with no `sessionId`, and only a
 *   top-level `permissionDecision: "deny"` is acted on (#1819).
 * - Content: prompt files `.github/prompts/<n>.prompt.md` and skills
 *   `.github/skills/<n>/SKILL.md` (spec §2.4: the vscode-copilot files);
 *   JetBrains has no custom-agent surface.
 * - Memory: Copilot Chat in JetBrains reads repository instructions
 *   (`.github/copilot-instructions.md`) but not AGENTS.md
 *   (github/docs content/copilot/reference/custom-instructions-support.md);
 *   personal instructions live in the IDE settings, so user scope has none.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { home, pathApi, pathFn, project } from "../paths.ts";
import { jsonServerRenderer } from "../render/json_server.ts";
import { promptFileRenderer, skillRenderer } from "../render/content_files.ts";
import { copilotHookEntry } from "../render/hook_entries.ts";

/** `github-copilot/intellij` under the Copilot plugin's config root. */
const intellijDir = pathFn((ctx) => {
  const api = pathApi(ctx.os);
  if (ctx.os === "win32") {
    const local = ctx.env.LOCALAPPDATA || api.join(ctx.home, "AppData", "Local");
    return api.join(local, "github-copilot", "intellij");
  }
  const config = ctx.env.XDG_CONFIG_HOME || home(".config")(ctx);
  return api.join(config, "github-copilot", "intellij");
});

/** The JetBrains Copilot adapter. */
export const adapter: HostAdapter = defineHost({
  id: "jetbrains-copilot",
  name: "JetBrains Copilot",
  paradigm: "json-stdio",
  // Closed source: facts from docs and runs of the host (SOURCES.md).
  factsFrom: "docs",
  detect: { user: [intellijDir] },
  server: {
    paths: { user: intellijDir.join("mcp.json") },
    format: "jsonc",
    collection: { at: ["servers"] },
    transports: ["stdio", "http", "sse"],
    render: jsonServerRenderer({
      host: "JetBrains Copilot",
      headersAt: ["requestInit", "headers"],
    }),
  },
  hooks: {
    paths: { project: project(".github", "hooks", "agent-connector.jetbrains-copilot.json") },
    format: "json",
    at: ["hooks"],
    layout: "flat-entries",
    header: { version: 1 },
    events: {
      SessionStart: { name: "sessionStart" },
      SessionEnd: { name: "sessionEnd" },
      UserPromptSubmit: { name: "userPromptSubmitted" },
      PreToolUse: { name: "preToolUse" },
      PostToolUse: { name: "postToolUse" },
    },
    handler: copilotHookEntry,
    matchers: "ignored",
    nativeHooks: true,
    powers: { modifyArgs: false, modifyOutput: false, sessionContext: false },
  },
  commands: {
    paths: { project: project(".github", "prompts") },
    render: promptFileRenderer("JetBrains Copilot"),
  },
  skills: {
    paths: { project: project(".github", "skills") },
    render: skillRenderer("JetBrains Copilot"),
  },
  memory: {
    paths: { project: project(".github", "copilot-instructions.md") },
  },
  doctorNotes: [
    {
      text:
        "JetBrains Copilot reads hooks only from the git root's .github/hooks folder and acts only on a preToolUse deny; other replies are ignored.",
      about: "hooks",
    },
    {
      text:
        "JetBrains Copilot keeps one mcp.json for every JetBrains IDE; restart the IDE's MCP servers after an install.",
      about: "server",
    },
  ],
});
