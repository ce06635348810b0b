/**
 * pi 0.73.1 headless against the mock (recipes/real-hosts.md): an `openai-completions`
 * provider in `~/.pi/agent/models.json`, offline, JSON mode. pi has no MCP of its own:
 * our generated extension bridges the lab server (through serve) and runs the hooks;
 * the command is a prompt template, run as `/lab-define apple`.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";

/** pi in the lab. */
export const pi: LabHost = {
  id: "pi",
  adapter: "pi",
  command: "prompt",
  prepare: ({ box, mockUrl }) => {
    const dir = join(box.home, ".pi", "agent");
    mkdirSync(dir, { recursive: true });
    const models = {
      providers: {
        mock: {
          baseUrl: `${mockUrl}/v1`,
          api: "openai-completions",
          apiKey: "lab-dummy-key",
          compat: { supportsDeveloperRole: false },
          models: [{ id: "mock-model", name: "Mock model" }],
        },
      },
    };
    writeFileSync(join(dir, "models.json"), JSON.stringify(models, null, 2) + "\n");
  },
  env: () => ({}),
  argv: ({ bin }, prompt) => [
    bin,
    "--offline",
    "--provider",
    "mock",
    "--model",
    "mock-model",
    "--mode",
    "json",
    "-p",
    prompt,
  ],
};
