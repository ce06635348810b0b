/**
 * Droid's home, for install, detection and usage alike: `~/.factory`, where
 * `FACTORY_HOME_OVERRIDE` replaces the home directory it sits in (Droid
 * 0.225's own resolver reads `FACTORY_HOME_OVERRIDE`, then `HOME`, then
 * `USERPROFILE`), so the folder is `.factory` below the user's home on
 * Windows and macOS too. Usage also takes `DROID_SESSIONS_DIR`, a comma
 * list of session folders (ccusage's convention; Droid itself does not read
 * it).
 *
 * @module
 */

import { envDir, envDirs, home, type PathFn } from "../paths.ts";

/** `$FACTORY_HOME_OVERRIDE/.factory`, else `~/.factory`. */
export const factoryDir: PathFn = envDir("FACTORY_HOME_OVERRIDE", home()).join(".factory");

/** The session folders usage reads: `$DROID_SESSIONS_DIR` entries, else `<factory>/sessions`. */
export const droidSessionDirs: PathFn = envDirs("DROID_SESSIONS_DIR", factoryDir.join("sessions"));
