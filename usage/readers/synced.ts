/**
 * The synced platforms (spec §5): cursor, antigravity, antigravity-cli, trae
 * and warp keep no token log on this machine; their usage lives in the
 * vendor's service and needs an external sync (a download of that usage to
 * this machine) that agent-connector does not perform. Windsurf and
 * JetBrains Copilot are the same, checked in their hosts' storage
 * (adapters/windsurf/SOURCES.md, adapters/jetbrains_copilot/SOURCES.md):
 * Windsurf's Cascade history is encrypted protobuf and its token counts come
 * only from the running app's language server; JetBrains Copilot's chat
 * stores keep no token counts. The skip note is
 * given only when the app is installed for this user (one of its folders
 * exists): on a machine without it there is nothing to say.
 *
 * @module
 */

import { join } from "node:path";
import type { HostId } from "../../core/platform_types.ts";
import type { UsageReader } from "../reader.ts";
import { leanFs } from "../../edge/node_fs.ts";

/** The skip note of an installed synced platform with no local usage data. */
export const REQUIRES_SYNC: string =
  "requires sync — their usage is kept by the vendor's service, " +
  "not in a log on this machine, and no local copy of it was found";

/**
 * Folders (relative to the home folder) whose presence shows the app is
 * installed: its config folder on Linux, macOS and Windows (HOSTS.md lists
 * `~/.warp`, `~/.config/warp-terminal`, `~/.trae`, `~/.gemini/antigravity`
 * and agy's `~/.gemini/config`; Windsurf's `~/.codeium/windsurf` on every OS;
 * the Copilot plugin's `github-copilot/intellij`, shared by every JetBrains
 * IDE).
 */
export const APP_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  cursor: [
    ".cursor",
    ".config/Cursor",
    "Library/Application Support/Cursor",
    "AppData/Roaming/Cursor",
  ],
  antigravity: [
    ".gemini/antigravity",
    ".config/Antigravity",
    "Library/Application Support/Antigravity",
    "AppData/Roaming/Antigravity",
  ],
  "antigravity-cli": [".gemini/config/mcp_config.json"],
  trae: [".trae", ".config/Trae", "Library/Application Support/Trae", "AppData/Roaming/Trae"],
  warp: [
    ".warp",
    ".config/warp-terminal",
    ".local/share/warp-terminal",
    "Library/Application Support/dev.warp.Warp-Stable",
  ],
  windsurf: [".codeium/windsurf"],
  "jetbrains-copilot": [".config/github-copilot/intellij", "AppData/Local/github-copilot/intellij"],
};

/** Whether the app of synced platform `id` is installed under `home`. */
export function appPresent(id: HostId, home: string): boolean {
  if (!home) return false;
  return (APP_FOLDERS[id] ?? []).some((rel) => leanFs.exists(join(home, rel)));
}

/** The skip note of synced platform `id` for `host`: only when its app is present. */
export function syncNote(id: HostId, host: { home: string }): string | undefined {
  return appPresent(id, host.home) ? REQUIRES_SYNC : undefined;
}

/** Builds the reader of a synced platform: no sources (`registry.ts` skipNoteOf gives its note). */
export function syncedReader(id: HostId): UsageReader {
  return {
    id,
    version: 1,
    confidence: "host-reported",
    sources: () => Promise.resolve([]),
  };
}
