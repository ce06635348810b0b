/**
 * OpenClaw's folders, for install, detection and usage alike
 * (docs/gateway/configuration.md and docs/openclaw-agent-runtime.md of the
 * openclaw package): the state folder is `$OPENCLAW_STATE_DIR`, else
 * `~/.openclaw`; the config file `$OPENCLAW_CONFIG_PATH`, else
 * `<state>/openclaw.json`; the agent workspace `$OPENCLAW_WORKSPACE_DIR`,
 * else `<state>/workspace` (docs/gateway/config-agents/workspace-and-
 * bootstrap.md). Usage reads more folders (usage.ts).
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `$OPENCLAW_STATE_DIR`, else `~/.openclaw`. */
export const openclawState: PathFn = envDir("OPENCLAW_STATE_DIR", home(".openclaw"), {
  tilde: true,
});

/** `$OPENCLAW_CONFIG_PATH`, else `<state>/openclaw.json`. */
export const openclawConfig: PathFn = envDir(
  "OPENCLAW_CONFIG_PATH",
  openclawState.join("openclaw.json"),
  { tilde: true },
);

/** `$OPENCLAW_WORKSPACE_DIR`, else `<state>/workspace`. */
export const openclawWorkspace: PathFn = envDir(
  "OPENCLAW_WORKSPACE_DIR",
  openclawState.join("workspace"),
  { tilde: true },
);
