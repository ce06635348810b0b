/**
 * Gemini CLI 0.61.0 headless against the mock (recipes/real-hosts.md): API-key auth
 * with `GOOGLE_GEMINI_BASE_URL`, the workspace trusted by env, statistics, telemetry and
 * auto-update off in `~/.gemini/settings.json`. With `-p` Gemini CLI hides the tools of
 * an untrusted MCP server, so the entry carries `trust: true` (`platforms.gemini-cli.extra`).
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";

/** Gemini CLI in the lab. */
export const geminiCli: LabHost = {
  id: "gemini-cli",
  adapter: "gemini-cli",
  extra: { trust: true },
  command: "prompt",
  prepare: ({ box }) => {
    mkdirSync(join(box.home, ".gemini"));
    const settings = {
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    };
    writeFileSync(
      join(box.home, ".gemini", "settings.json"),
      JSON.stringify(settings, null, 2) + "\n",
    );
  },
  env: ({ mockUrl }) => ({
    GEMINI_API_KEY: "lab-dummy-key",
    GOOGLE_GEMINI_BASE_URL: mockUrl,
    GEMINI_CLI_TRUST_WORKSPACE: "true",
  }),
  argv: (
    { bin },
    prompt,
  ) => [bin, "-p", prompt, "--output-format", "json", "-m", "gemini-2.5-flash"],
};
