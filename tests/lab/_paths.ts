/**
 * Path helpers for the lab: the repository root and file-URL conversion.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

/** The absolute path of a `file:` URL. */
export function fromFileUrl(url: URL): string {
  return fileURLToPath(url);
}

/** The repository root. */
export const REPO_ROOT: string = fromFileUrl(new URL("../../", import.meta.url)).replace(/\/$/, "");
