/**
 * The small types a host descriptor (adapters/descriptor.ts) is built from
 * and its surfaces share (adapters/action_surface.ts), apart so a surface
 * module names them without importing the descriptor that names it.
 *
 * @module
 */

import type { PathFn } from "./paths.ts";

/** The two scopes the CLI installs into. */
export type ScopeName = "user" | "project";

/** A file (or folder) per scope; a missing scope means the host has none there. */
export type ScopePaths = Partial<Record<ScopeName, PathFn>>;

/** A path of literal keys inside a structured file (`["amp.mcpServers"]` is one key). */
export type KeyPath = readonly string[];

/** Structured file formats the write engine edits in place. */
export type DataFormat = "json" | "jsonc" | "toml" | "yaml";
