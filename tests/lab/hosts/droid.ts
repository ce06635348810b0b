/**
 * Droid 0.225.2 headless against the mock (recipes/real-hosts.md): a bring-your-own-key
 * chat-completions model in `~/.factory/settings.json`, so no Factory login (it tries its
 * cloud API once and goes on); `droid exec` with that custom model. Droid offers MCP tools
 * as `<server>___<tool>` behind `ToolSearch`, and its first search of a session often
 * misses them (the mock searches again, `_mock_script.ts`). Droid logs one running total
 * per session (`<id>.settings.json` `tokenUsage`), not per call.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";

/** Droid in the lab. */
export const droid: LabHost = {
  id: "droid",
  adapter: "droid",
  usage: "droid",
  command: "prompt",
  usageRequests: "per-session",
  prepare: ({ box, mockUrl }) => {
    mkdirSync(join(box.home, ".factory"));
    const settings = {
      customModels: [{
        model: "mock-model",
        displayName: "LabMock",
        baseUrl: `${mockUrl}/v1`,
        apiKey: "lab-dummy-key",
        provider: "generic-chat-completion-api",
      }],
    };
    writeFileSync(
      join(box.home, ".factory", "settings.json"),
      JSON.stringify(settings, null, 2) + "\n",
    );
  },
  env: () => ({}),
  argv: (
    { bin },
    prompt,
  ) => [bin, "exec", "-m", "custom:LabMock-0", "--auto", "high", "-o", "json", prompt],
};
