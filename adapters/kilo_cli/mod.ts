/**
 * Kilo CLI (Kilo-Org/kilocode, npm `@kilocode/cli`, bin `kilo`), an
 * opencode fork: the opencode family preset under Kilo's names
 * (./family.ts). Facts read in the Kilo 7.7.7 binary and Kilo's source
 * (./SOURCES.md):
 *
 * - Folders: config `~/.config/kilo` (xdg-basedir), data
 *   `~/.local/share/kilo`. `KILO_CONFIG_DIR` names an *extra* folder added
 *   to the search, not a new home, so it does not move our files.
 * - MCP: `mcp` in the first of `kilo.jsonc`, `kilo.json`, `opencode.jsonc`,
 *   `opencode.json`, `config.json` the user has in the config folder (a new
 *   file is `kilo.jsonc`, as Kilo seeds it); in a project, `.kilo/kilo.json(c)`
 *   or a root `kilo.json(c)` (new: `.kilo/kilo.jsonc`). opencode's entry
 *   shape and `{env:VAR}` references.
 * - Hooks: one generated plugin module per connector in `plugins/` of the
 *   config folder or `.kilo/` (Kilo globs `{plugin,plugins}/*.{ts,js}` in
 *   every config folder, so the `plugin` array needs no entry). opencode's
 *   plugin hooks and bus events.
 * - Content: `commands/`, `skills/<n>/SKILL.md`, `agents/` under the config
 *   folder or `.kilo/` (Kilo also reads the legacy `.kilocode/`).
 * - Memory: `~/.config/kilo/AGENTS.md` (then `~/.claude/CLAUDE.md`), a
 *   project's AGENTS.md (then CLAUDE.md, CONTEXT.md), as opencode, with the
 *   CLAUDE.md fallbacks off under `KILO_DISABLE_CLAUDE_CODE(_PROMPT)`.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { kiloFamily } from "./family.ts";

/** The Kilo CLI adapter. */
export const adapter: HostAdapter = defineHost(fork(
  kiloFamily("kilo-cli", "Kilo CLI"),
  { factsFrom: "source" },
));
