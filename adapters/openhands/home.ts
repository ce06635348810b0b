/**
 * OpenHands' folders (OpenHands/OpenHands-CLI `openhands_cli/locations.py`):
 * the persistence folder `~/.openhands` — `$OPENHANDS_PERSISTENCE_DIR` when
 * set — holds `mcp.json`, `agent_settings.json` and `conversations/`
 * (`$OPENHANDS_CONVERSATIONS_DIR` moves the last). The same path below
 * `%USERPROFILE%` on Windows and the home folder on macOS. The user hook
 * file is always `~/.openhands/hooks.json`: the SDK's `HookConfig.load`
 * reads `Path.home()`, not the persistence folder.
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `$OPENHANDS_PERSISTENCE_DIR` or `~/.openhands`. */
export const openhandsDir: PathFn = envDir("OPENHANDS_PERSISTENCE_DIR", home(".openhands"), {
  tilde: true,
});

/** `~/.openhands`, whatever the persistence folder (user hooks, skills). */
export const openhandsHome: PathFn = home(".openhands");

/** Where conversations are kept: `$OPENHANDS_CONVERSATIONS_DIR`, else `conversations/` of the persistence folder. */
export const openhandsConversations: PathFn = envDir(
  "OPENHANDS_CONVERSATIONS_DIR",
  openhandsDir.join("conversations"),
  { tilde: true },
);
