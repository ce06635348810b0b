/**
 * Hermes Agent's home, for install, detection and usage alike
 * (NousResearch/hermes-agent `hermes_constants.py`): `$HERMES_HOME` (the
 * active profile's home) when set, else `%LOCALAPPDATA%\hermes` on Windows
 * and `~/.hermes` elsewhere. Usage also takes a comma-separated list in
 * `HERMES_HOME` (ccusage's convention) and, on Windows, `~/.hermes` too.
 *
 * @module
 */

import { anyOf, byOs, envDirs, home, localAppData, type PathFn } from "../paths.ts";

/** Every home usage reads; the first is the one install writes. */
export const hermesHomes: PathFn = envDirs(
  "HERMES_HOME",
  byOs({ win32: anyOf(localAppData("hermes"), home(".hermes")), default: home(".hermes") }),
);

/** The home install writes: `$HERMES_HOME`, else the platform default. */
export const hermesDir: PathFn = hermesHomes;
