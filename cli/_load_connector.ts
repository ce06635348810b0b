/**
 * Loads a connector config module for commands that only need its
 * definition: the module's default export, as `defineConnector` returned it.
 * TODO(foundation): switch to the shared loadConnector once it lands on main
 * (it also handles JSON configs and ids derived from package.json).
 *
 * @module
 */

import { pathToFileURL } from "node:url";
import type { ResolvedConnector } from "../core/connector_types.ts";
import type { HostEnv } from "../io/host_env.ts";

/** Imports `path` and returns its default export when it is a resolved connector. */
export async function loadConnectorModule(
  path: string,
  _host: HostEnv,
): Promise<ResolvedConnector> {
  if (path.endsWith(".json")) {
    throw new Error(
      "JSON connector configs are loaded by the install pipeline; pass --connector-id",
    );
  }
  const mod = await import(pathToFileURL(path).href);
  const connector = mod.default;
  if (!connector || typeof connector !== "object" || typeof connector.id !== "string") {
    throw new Error(
      "its default export is not a connector (export default defineConnector({...}))",
    );
  }
  return connector as ResolvedConnector;
}
