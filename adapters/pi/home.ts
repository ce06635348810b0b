/**
 * pi's agent folder, for install, detection and usage alike: `~/.pi/agent`,
 * or `$PI_CODING_AGENT_DIR` with a leading `~` expanded (pi-mono
 * packages/coding-agent `src/config.ts` `getAgentDir`; the variable's name
 * is the app name upper-cased + `_CODING_AGENT_DIR`, and the folder name
 * `.pi` is `piConfig.configDir` of its package.json).
 *
 * @module
 */

import { envDir, home, type PathFn } from "../paths.ts";

/** `~/.pi/agent`, or `$PI_CODING_AGENT_DIR`. */
export const piAgentDir: PathFn = envDir("PI_CODING_AGENT_DIR", home(".pi", "agent"), {
  tilde: true,
});
