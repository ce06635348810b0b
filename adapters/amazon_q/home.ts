/**
 * The Amazon Q Developer CLI's folders (aws/amazon-q-developer-cli
 * `crates/chat-cli/src/util/paths.rs`): `~/.aws/amazonq` for the user
 * (`mcp.json`, `cli-agents/`, `prompts/`) — the same under the user's home
 * on every OS, with no env override — and `.amazonq/` in a project.
 *
 * @module
 */

import { home, type PathFn, project } from "../paths.ts";

/** `~/.aws/amazonq`. */
export const amazonQDir: PathFn = home(".aws", "amazonq");

/** A project's `.amazonq`. */
export const amazonQProjectDir: PathFn = project(".amazonq");
