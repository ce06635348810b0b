/**
 * Copilot CLI 1.0.102 headless against the mock (recipes/real-hosts.md): offline with a
 * bring-your-own-key OpenAI provider from env, so no GitHub login; every tool allowed on
 * the command line; client telemetry and auto-update off.
 *
 * @module
 */
import type { LabHost } from "./_types.ts";

/** Copilot CLI in the lab. */
export const copilotCli: LabHost = {
  id: "copilot-cli",
  adapter: "copilot-cli",
  limits: {
    command: "Copilot CLI has no command files, so agent-connector installs none there",
  },
  prepare: () => {},
  env: ({ mockUrl }) => ({
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_BASE_URL: `${mockUrl}/v1`,
    COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_API_KEY: "lab-dummy-key",
    COPILOT_MODEL: "mock-model",
    COPILOT_AUTO_UPDATE: "false",
  }),
  argv: ({ bin }, prompt) => [
    bin,
    "-p",
    prompt,
    "--allow-all-tools",
    "--output-format",
    "json",
    "--disable-client-telemetry",
    "--no-auto-update",
  ],
};
