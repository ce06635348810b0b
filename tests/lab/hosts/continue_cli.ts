/**
 * Continue CLI (`cn`) 1.5.47 headless against the mock (recipes/real-hosts.md): an
 * `openai` model at the mock in `~/.continue/config.yaml` (where our adapter adds the MCP
 * server), telemetry off, `cn -p --auto`. In this version `cn` parses PreToolUse and
 * PostToolUse hooks but never fires them: its tool runner calls only its git-ai
 * tracker with "PreToolUse", and its bundle (dist/index.js) names SessionEnd,
 * PreCompact and PostToolUseFailure nowhere, so no hook row appears and a deny is not
 * honoured. 1.5.47 is the newest on npm here; the adapter's list of fired events comes
 * from Continue's source tree, which is ahead of it.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";

const NO_HOOKS = "cn 1.5.47 parses tool hooks (PreToolUse, PostToolUse) but never fires them";

/** Continue CLI in the lab. */
export const continueCli: LabHost = {
  id: "continue",
  adapter: "continue",
  limits: {
    // Measured: `cn -p "/lab-define apple"` sends that text as it is.
    command: "cn -p 1.5.47 does not expand prompt files (invokable prompts are the TUI's)",
    "hook-allow": NO_HOOKS,
    "hook-deny": NO_HOOKS,
    "hook-context": NO_HOOKS,
  },
  prepare: ({ box, mockUrl }) => {
    mkdirSync(join(box.home, ".continue"));
    writeFileSync(
      join(box.home, ".continue", "config.yaml"),
      `# The lab's model (a user's own settings, kept byte for byte).
name: Lab
version: 0.0.1
schema: v1
models:
  - name: Lab mock
    provider: openai
    model: mock-model
    apiBase: ${mockUrl}/v1
    apiKey: lab-dummy-key
`,
    );
  },
  env: () => ({ CONTINUE_CLI_ENABLE_TELEMETRY: "0" }),
  argv: ({ bin, box }, prompt) => [
    bin,
    "--config",
    join(box.home, ".continue", "config.yaml"),
    "-p",
    "--auto",
    "--format",
    "json",
    prompt,
  ],
};
