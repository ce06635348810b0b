/**
 * Gemini CLI's home, for install, detection and usage alike: `~/.gemini`,
 * below `$GEMINI_CLI_HOME` when set (HOSTS.md §5a). Its chats live in
 * `tmp/<project>/chats`; usage also takes `GEMINI_DATA_DIR` (a
 * comma-separated list of such `tmp` folders).
 *
 * @module
 */

import { envDir, envDirs, home, type PathFn } from "../paths.ts";

/** `~/.gemini`, or `$GEMINI_CLI_HOME/.gemini`. */
export const geminiDir: PathFn = envDir("GEMINI_CLI_HOME", home()).join(".gemini");

/** The folders holding Gemini CLI's per-project chat folders. */
export const geminiChatRoots: PathFn = envDirs("GEMINI_DATA_DIR", geminiDir.join("tmp"));
