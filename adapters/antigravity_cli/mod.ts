/**
 * The Antigravity CLI, `agy` (the Antigravity family preset,
 * adapters/antigravity/family.ts, with what differs):
 *
 * - MCP and user hooks in `~/.gemini/config/` — agy reads
 *   `~/.gemini/config/mcp_config.json`, not the IDE's file (HOSTS.md §11,
 *   live-tested by KJ; sam-mesh.dev's Antigravity guide names the same path).
 * - Status line: `statusLine: {type: "command", command}` in
 *   `~/.gemini/antigravity-cli/settings.json` (spec §2.5; yuys13/agystatusline
 *   README, which also documents `stack_with_default`). User scope only.
 * - Detected by `~/.gemini/config/mcp_config.json` or agy's settings folder;
 *   `~/.gemini/antigravity` alone belongs to the IDE, and a project's
 *   `.agents/` files are counted for the IDE.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { antigravityFamily } from "../antigravity/family.ts";
import { agyConfigDir, agySettingsDir } from "../antigravity/home.ts";

const preset = antigravityFamily({
  id: "antigravity-cli",
  name: "Antigravity CLI",
  userDir: agyConfigDir,
});

/** The Antigravity CLI (agy) adapter. */
export const adapter: HostAdapter = defineHost(fork(preset, {
  // A project's `.agents/` files serve the IDE and agy alike; they are the
  // IDE's markers, so agy is found by its user files only.
  detect: { user: [agyConfigDir.join("mcp_config.json"), agySettingsDir], project: [] },
  statusline: {
    paths: { user: agySettingsDir.join("settings.json") },
    key: "statusLine",
    render: (command) => ({ type: "command", command }),
    supports: {},
  },
}));
