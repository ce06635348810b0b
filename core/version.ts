/**
 * The package's own name and version, kept equal to deno.json by a test.
 *
 * @module
 */

/** The published package name. */
export const PACKAGE_NAME = "@ken-jo/agent-connector";

/** The framework version stamped into connector records. */
export const VERSION = "0.1.0";

/** The CLI's command name. */
export const CLI_NAME = "agent-connector";
