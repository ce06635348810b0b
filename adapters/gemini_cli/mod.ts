/**
 * Gemini CLI (Google). Facts from HOSTS.md §5 and google-gemini/gemini-cli
 * docs (tools/mcp-server.md, hooks/reference.md, cli/custom-commands.md,
 * cli/skills.md, core/subagents.md, reference/configuration.md).
 *
 * - `GEMINI_CLI_HOME` replaces the home directory Gemini puts `.gemini/`
 *   under (packages/core/src/utils/paths.ts `homedir()`, v0.39: "If
 *   GEMINI_CLI_HOME environment variable is set, it returns its value";
 *   HOSTS.md marked this *(verify)*).
 * - Settings are JSON with comments; MCP servers and hooks share
 *   settings.json. `url` = SSE, `httpUrl` = streamable HTTP, timeouts in ms,
 *   `$VAR`/`${VAR}` expanded in settings strings.
 * - Hooks: BeforeAgent / BeforeTool / AfterTool / AfterAgent / PreCompress
 *   are the normalized UserPromptSubmit / PreToolUse / PostToolUse / Stop /
 *   PreCompact; regex matchers on tool events only. No PermissionRequest,
 *   PostToolUseFailure, SubagentStart/Stop or PostCompact event.
 *   AfterModel, BeforeModel and BeforeToolSelection are reachable through
 *   `nativeHooks` (settings keys are free-form event names).
 * - Memory: GEMINI.md unless `context.fileName` says otherwise (probed,
 *   never changed).
 * - Detection: Antigravity also keeps its files under `~/.gemini/`, so the
 *   folder alone is not Gemini CLI; the files Gemini CLI writes are.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { hookSwitchChecks } from "../render/hook_switches.ts";
import { geminiFamily, geminiSettings } from "./family.ts";
import { geminiDir } from "./home.ts";

const member = { dir: geminiDir, folder: ".gemini" };

/** The Gemini CLI adapter: the Gemini family's preset, with its own markers and notes. */
export const adapter: HostAdapter = defineHost(fork(
  geminiFamily({ id: "gemini-cli", name: "Gemini CLI", ...member, memoryFile: "GEMINI.md" }),
  {
    factsFrom: "source",
    detect: {
      user: [
        geminiSettings(member).user,
        geminiDir.join("oauth_creds.json"),
        geminiDir.join("google_accounts.json"),
        geminiDir.join("installation_id"),
      ],
    },
    hooks: {
      // AfterModel's llm_response.usageMetadata carries Gemini's own token counts.
      hostNativeUsage: { event: "AfterModel" },
    },
    doctorNotes: [
      {
        text:
          "Gemini CLI releases where hooks are still experimental run them only with hooksConfig.enabled set to true in settings.json",
        about: "hooks",
      },
      {
        text:
          "Gemini CLI fingerprints project hooks and asks you to trust one again when its command changes",
        about: "hooks",
        scope: "project",
      },
      {
        text:
          "Host-native usage (hostNativeUsage) runs usage-event on every AfterModel chunk Gemini streams; turn it off if hooks feel slow",
        about: "hostNativeUsage",
      },
    ],
    doctorChecks: hookSwitchChecks("Gemini CLI", geminiSettings(member), [
      { at: ["hooksConfig", "enabled"], off: false },
      { at: ["hooks", "enabled"], off: false }, // the experimental-era switch
      { at: ["tools", "enableHooks"], off: false },
    ]),
  },
));
