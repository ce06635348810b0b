/**
 * CodeBuddy Code's home, for install and detection alike: `~/.codebuddy`
 * (settings, CODEBUDDY.md, agents, skills, commands) and `~/.codebuddy.json`
 * beside it (user-scope MCP servers). CodeBuddy documents no variable that
 * moves either (codebuddy.ai/docs/cli/env-vars lists none), and keeps both
 * under the user's home on Windows and macOS too (codebuddy.ai/docs/cli/
 * codebuddy-dir).
 *
 * @module
 */

import { home, type PathFn } from "../paths.ts";

/** `~/.codebuddy`. */
export const codebuddyDir: PathFn = home(".codebuddy");

/** `~/.codebuddy.json`: user-scope MCP servers (codebuddy.ai/docs/cli/mcp). */
export const codebuddyJson: PathFn = home(".codebuddy.json");
