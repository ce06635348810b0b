/**
 * The actions surface of a host (spec §2.6): a host-native list the user
 * runs entries from — Zed's tasks (`task: spawn` in the command palette), an
 * array — or a map of named entries — Hermes's `quick_commands`, each run by
 * typing `/<name>` — or one whole file per action in a folder — Kiro's
 * user-triggered hooks, run from its Agent Hooks panel; Warp's workflows,
 * picked in its command search; Droid's script slash commands.
 * Each action of the connector is one entry that runs the dispatch verb,
 * `agent-connector action <host> <actionId> --connector <id>`, through the
 * home binary. A host without this surface reports each action as `!`.
 *
 * @module
 */

import type { ActionAffordanceKind, ActionInvocationMode } from "../core/platform_types.ts";
import type { DataFormat, KeyPath, ScopePaths } from "./descriptor_basics.ts";

/** What an action entry is rendered from. */
export interface ActionRenderInput {
  /** The action id. */
  id: string;
  /** The label the user picks it by (connector name and the action's label). */
  label: string;
  /** The program: the home binary. */
  command: string;
  /** Its arguments: `action <host> <actionId> --connector <id>`. */
  args: string[];
  /** The program and its arguments as one shell command line. */
  commandLine: string;
  /** The action's one-line description, when it has one. */
  description?: string;
}

/** Where and how a host keeps user-run entries. */
export interface ActionSurface {
  /** The file per scope. */
  paths: ScopePaths;
  /** Its format. */
  format: DataFormat;
  /** The array holding the entries (`[]` is the document's root array), or the map with `keyed`. */
  at: KeyPath;
  /**
   * Entries are values of the map at `at` under the name this returns (the
   * name the user runs it by), not items of an array.
   */
  keyed?: (connectorId: string, actionId: string) => string;
  /**
   * Each action is a whole file of its own, named by this, in the folder
   * `paths` gives (Kiro's `.kiro/hooks/<name>.kiro.hook`); `render` gives its
   * document, written in `format` (JSON or YAML), or its whole text, and
   * `at` is unused.
   */
  file?: (connectorId: string, actionId: string) => string;
  /** How the host runs an entry (capability metadata). */
  invocation: ActionInvocationMode;
  /** Where the user finds it (capability metadata). */
  affordance: ActionAffordanceKind;
  /** Renders one action's entry: a document, or (`file` surfaces only) a file's whole text. */
  render(input: ActionRenderInput): Record<string, unknown> | string;
}
