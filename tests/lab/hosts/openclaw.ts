/**
 * OpenClaw 2026.9.6 headless against the mock: a custom `openai-completions` provider in
 * `~/.openclaw/openclaw.json` as the default model, Tool Search off (`tools.toolSearch:
 * false`, docs/tools/tool-search.md) so MCP tools are offered by name rather than behind
 * `tool_search`/`tool_call`, and one embedded turn with `openclaw agent --local` (it
 * loads the configured plugins and the agent workspace; `agent exec` runs in a throw-away
 * state folder with the working directory as its workspace), in a new session each run.
 * It runs on the Node.js its pin installs (`pins.ts` `node`).
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostCtx, LabHost } from "./_types.ts";

/** OpenClaw's config: the mock as its one provider and default model. */
function openclawConfig({ mockUrl }: HostCtx): string {
  const config = {
    agents: { defaults: { model: { primary: "mock/mock-model" } } },
    models: {
      mode: "merge",
      providers: {
        mock: {
          baseUrl: `${mockUrl}/v1`,
          apiKey: "lab-dummy-key",
          api: "openai-completions",
          models: [{
            id: "mock-model",
            name: "Mock model",
            reasoning: false,
            input: ["text"],
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            contextWindow: 120000,
            maxTokens: 8192,
          }],
        },
      },
    },
    tools: { toolSearch: false },
  };
  return JSON.stringify(config, null, 2) + "\n";
}

/** OpenClaw in the lab. */
export const openclaw: LabHost = {
  id: "openclaw",
  adapter: "openclaw",
  limits: {
    "hook-context":
      "OpenClaw's after_tool_call is observe-only: a plugin cannot add to a tool's result",
    command: "OpenClaw has no command files (plugins register slash commands in code)",
  },
  prepare: (ctx) => {
    const dir = join(ctx.box.home, ".openclaw");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openclaw.json"), openclawConfig(ctx));
  },
  env: ({ box, nodeBin }) => ({
    PATH: [nodeBin, box.env.PATH].filter(Boolean).join(":"),
    OPENCLAW_NO_AUTO_UPDATE: "1",
  }),
  // A new session per run: `--agent main` alone continues the agent's main session, whose
  // history would answer the next prompt from the last run's tool result.
  argv: ({ bin }, prompt) => [
    bin,
    "agent",
    "--local",
    "--json",
    "--agent",
    "main",
    "--session-id",
    crypto.randomUUID(),
    "-m",
    prompt,
  ],
};
