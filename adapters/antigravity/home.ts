/**
 * Antigravity's folders, for install and detection alike. Both the IDE and
 * its CLI (`agy`) live under `~/.gemini` — the same path below
 * `%USERPROFILE%` on Windows and the home folder on macOS and Linux — but
 * each reads its own MCP file (HOSTS.md §11, "live-tested by KJ"): the IDE
 * `~/.gemini/antigravity/mcp_config.json`, agy `~/.gemini/config/
 * mcp_config.json`; agy keeps its settings in `~/.gemini/antigravity-cli/`
 * (spec §2.5; yuys13/agystatusline README). No environment variable moves
 * these folders in any source we found, so none is honoured.
 *
 * @module
 */

import { appConfig, home, type PathFn, project } from "../paths.ts";

/** `~/.gemini`: the shared tree (global workflows, `AGENTS.md`). */
export const geminiTree: PathFn = home(".gemini");

/** `~/.gemini/antigravity`: the IDE's folder. */
export const antigravityDir: PathFn = geminiTree.join("antigravity");

/** `~/.gemini/config`: the folder of agy's MCP file. */
export const agyConfigDir: PathFn = geminiTree.join("config");

/** `~/.gemini/antigravity-cli`: agy's settings folder. */
export const agySettingsDir: PathFn = geminiTree.join("antigravity-cli");

/** The IDE's application folder (VS Code-style: `%APPDATA%`, Application Support, `~/.config`). */
export const antigravityApp: PathFn = appConfig("Antigravity");

/**
 * A project's customization root, `.agents/` (skillsaw docs/rules/
 * antigravity.md: `.agents/`, `.agent/`, `_agents/` and `_agent/` are all
 * read; `.agents/` is the one HOSTS.md and the spec name for writing).
 */
export const projectRoot: PathFn = project(".agents");
