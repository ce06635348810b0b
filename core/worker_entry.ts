/**
 * The entry URL to give `node:worker_threads`' `Worker`. Deno accepts only
 * `file:` and `data:` URLs there, so a worker module loaded from a registry
 * (agent-connector run from JSR: `https:` module URLs) starts through a
 * one-line `data:` module that imports it; a `file:` URL is returned as is.
 *
 * @example
 * ```ts ignore
 * import { Worker } from "node:worker_threads";
 * import { workerEntry } from "../core/worker_entry.ts";
 * const worker = new Worker(workerEntry(new URL("./my_worker.ts", import.meta.url)));
 * ```
 *
 * @module
 */

/** `url` when it is a `file:` or `data:` URL, else a `data:` module importing it. */
export function workerEntry(url: URL): URL {
  if (url.protocol === "file:" || url.protocol === "data:") return url;
  return new URL(
    `data:text/javascript,${encodeURIComponent(`import ${JSON.stringify(url.href)};`)}`,
  );
}
