/**
 * oh-my-pi's folders (can1357/oh-my-pi packages/utils `src/dirs.ts`): the
 * agent folder `~/.omp/agent`, or `$PI_CODING_AGENT_DIR` (the variable pi
 * uses, kept by the fork); sessions in its `sessions/`, or in
 * `$XDG_DATA_HOME/omp/sessions` once `omp config migrate` made that folder
 * (Linux and macOS). A named profile (`OMP_PROFILE`) moves the agent folder
 * to `~/.omp/profiles/<name>/agent`; install targets the default profile.
 *
 * @module
 */

import { anyOf, envDir, home, type PathFn, xdgData } from "../paths.ts";

/** `~/.omp/agent`, or `$PI_CODING_AGENT_DIR`. */
export const ompAgentDir: PathFn = envDir("PI_CODING_AGENT_DIR", home(".omp", "agent"));

/** omp's sessions folders: under the agent folder, or the XDG data folder. */
export const ompSessions: PathFn = anyOf(ompAgentDir.join("sessions"), xdgData("omp", "sessions"));
