/**
 * Claude Code 2.1.197 headless against the mock (recipes/real-hosts.md): Anthropic
 * Messages at `ANTHROPIC_BASE_URL`, onboarding marked done in `~/.claude.json`, the MCP
 * tool allowed by name on the command line.
 *
 * @module
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { LAB_CONNECTOR_ID, LAB_TOOL } from "../connector.ts";
import type { LabHost } from "./_types.ts";

/** Claude Code in the lab. */
export const claudeCode: LabHost = {
  id: "claude-code",
  adapter: "claude-code",
  command: "prompt",
  prepare: ({ box }) => {
    writeFileSync(join(box.home, ".claude.json"), '{\n  "hasCompletedOnboarding": true\n}\n');
  },
  env: ({ mockUrl }) => ({
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: "lab-dummy-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  }),
  argv: ({ bin }, prompt) => [
    bin,
    "-p",
    prompt,
    "--output-format",
    "json",
    "--allowedTools",
    `mcp__${LAB_CONNECTOR_ID}__${LAB_TOOL}`,
  ],
};
