/**
 * opencode 1.18.33 headless against the mock (recipes/real-hosts.md): an
 * OpenAI-compatible `mock` provider in `~/.config/opencode/opencode.json` with usage in
 * the stream, auto-update, model fetching and sharing off; `opencode run`.
 *
 * @module
 */
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostCtx, LabHost } from "./_types.ts";

/** The opencode-family config: an OpenAI-compatible provider at the mock. */
export function openCompatConfig({ mockUrl }: HostCtx): string {
  const config = {
    $schema: "https://opencode.ai/config.json",
    provider: {
      mock: {
        npm: "@ai-sdk/openai-compatible",
        name: "Lab mock",
        options: { baseURL: `${mockUrl}/v1`, apiKey: "lab-dummy-key", includeUsage: true },
        models: { "mock-model": { name: "Mock model" } },
      },
    },
    model: "mock/mock-model",
  };
  return JSON.stringify(config, null, 2) + "\n";
}

/** opencode in the lab. */
export const opencode: LabHost = {
  id: "opencode",
  adapter: "opencode",
  // opencode keeps no message for its title request (the one without tools); measured
  // on 1.18.33: the `message` table holds only the turn's own replies.
  logs: (r) => (r.request?.tools.length ?? 0) > 0,
  command: (
    { bin },
    name,
    args,
  ) => [bin, "run", "--format", "json", "--auto", "--command", name, args],
  caches: [".config/opencode/node_modules"],
  // `chat.params` (packages/plugin/src/index.ts) runs before every model call with the
  // call's `temperature` in its output; the reply's value must reach the request body.
  native: { name: "chat.params", reply: { temperature: 0.123 }, expect: '"temperature":0.123' },
  prepare: (ctx) => {
    const dir = join(ctx.box.home, ".config", "opencode");
    mkdirSync(dir, { recursive: true });
    // The plugin package opencode would npm-install at its first start (pins.ts seeds).
    cpSync(ctx.seed("config"), dir, { recursive: true });
    writeFileSync(join(dir, "opencode.json"), openCompatConfig(ctx));
  },
  env: () => ({
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_SHARE: "1",
  }),
  argv: ({ bin }, prompt) => [bin, "run", "--format", "json", "--auto", prompt],
};
