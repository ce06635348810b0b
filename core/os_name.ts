/**
 * The operating-system families paths are computed for.
 *
 * @module
 */

/** The operating systems paths are computed for. */
export type OsName = "linux" | "darwin" | "win32";
