/**
 * Packages a loaded connector (its config module found on disk): the
 * connector module is bundled when the connector has hooks, so the package's
 * hooks run without an install (package/connector_bundle.ts). Shared by
 * `package` and `install --method marketplace`, which stages the same bundle
 * a user would publish.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { LoadedConnector } from "../io/load_connector.ts";
import { bundleConnectorModule } from "./connector_bundle.ts";
import { buildPackageTree, type PackageTree } from "./mod.ts";
import { packageMeta } from "./meta.ts";
import type { EmitInput } from "./types.ts";

/** The connector module bundled for hooks, or undefined when the connector has none. */
export function bundleFor(loaded: LoadedConnector): EmitInput["bundle"] {
  const { connector } = loaded;
  const hooked = connector.hookEvents.length > 0 ||
    Object.values(connector.platforms).some((o) => Object.keys(o?.nativeHooks ?? {}).length);
  if (!hooked) return undefined;
  return bundleConnectorModule({
    modulePath: loaded.modulePath,
    root: dirname(loaded.packageJsonPath ?? loaded.modulePath),
    identity: connector,
    readText: (path) => {
      try {
        return readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
    },
  });
}

/** Emits `formats` for a loaded connector (its hooks bundled); throws when a format cannot take it. */
export function packageLoaded(
  loaded: LoadedConnector,
  formats: readonly string[],
  nested: boolean = formats.length > 1,
): PackageTree {
  const meta = packageMeta(loaded.connector, loaded.packageJson);
  return buildPackageTree(loaded.connector, meta, formats, nested, bundleFor(loaded));
}
