/**
 * Google Antigravity, the IDE (family preset in `family.ts`, facts and
 * sources there and in SOURCES.md). Its MCP and user hook files live in
 * `~/.gemini/antigravity/`; it is detected by that folder or the editor's
 * application folder (`%APPDATA%\Antigravity`, `~/Library/Application
 * Support/Antigravity`, `~/.config/Antigravity`).
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { antigravityFamily } from "./family.ts";
import { antigravityApp, antigravityDir } from "./home.ts";

const preset = antigravityFamily({
  id: "antigravity",
  name: "Antigravity",
  userDir: antigravityDir,
});

/** The Antigravity (IDE) adapter. */
export const adapter: HostAdapter = defineHost(fork(preset, {
  detect: { user: [antigravityDir, antigravityApp] },
}));
