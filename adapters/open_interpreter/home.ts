/**
 * Open Interpreter's home, for install, detection and usage alike. Its
 * current CLI is Codex under another name: at start it resolves
 * `$INTERPRETER_HOME`, else `$OPEN_INTERPRETER_HOME`, else
 * `.openinterpreter` in `$HOME` (`%USERPROFILE%` when HOME is unset, so the
 * same place on Windows and macOS), and sets `CODEX_HOME` to it — every file
 * Codex keeps in its home lives here (the fork's `main.rs`,
 * `ensure_interpreter_home_env`; SOURCES.md).
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `$INTERPRETER_HOME`, `$OPEN_INTERPRETER_HOME`, or `~/.openinterpreter`. */
export const interpreterHome: PathFn = envDir(
  "INTERPRETER_HOME",
  envDir("OPEN_INTERPRETER_HOME", home(".openinterpreter")),
);
