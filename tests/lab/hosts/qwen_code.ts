/**
 * Qwen Code 0.15.10 headless against the mock (recipes/real-hosts.md): the OpenAI auth
 * type with `OPENAI_BASE_URL`/`OPENAI_API_KEY`/`OPENAI_MODEL`. Qwen defers MCP tools
 * behind its `tool_search` tool (the mock calls it first), and declines an untrusted
 * server's call in non-interactive mode, so the entry carries `trust: true`
 * (`platforms.qwen-code.extra`).
 *
 * @module
 */
import type { LabHost } from "./_types.ts";

/** Qwen Code in the lab. */
export const qwenCode: LabHost = {
  id: "qwen-code",
  adapter: "qwen-code",
  extra: { trust: true },
  command: "prompt",
  prepare: () => {},
  env: ({ mockUrl }) => ({
    OPENAI_BASE_URL: `${mockUrl}/v1`,
    OPENAI_API_KEY: "lab-dummy-key",
    OPENAI_MODEL: "mock-model",
  }),
  argv: ({ bin }, prompt) => [bin, "--auth-type", "openai", "--output-format", "json", prompt],
};
