/**
 * `agent-connector package`: a connector as marketplace/extension-installable
 * bundles (spec §3 `package`). Pure emitters turn a `ResolvedConnector` into
 * files; {@link writePackageTree} writes them as one folder, atomically.
 *
 * API:
 * - {@link chooseFormats}`(--format)` → the formats to emit (`all`, aliases).
 * - {@link bundleConnectorModule}`({modulePath, root, identity, readText})` →
 *   the connector module and its relative imports for bundled hooks, or why not.
 * - {@link buildPackageTree}`(connector, meta, formats, nested, bundle)` → every file
 *   of the `--out` folder (one format: at its root; `nested`: `<format>/…`), the
 *   marker file included, plus each format's warnings and install lines.
 * - {@link packageMeta}`(connector, packageJson)` → manifest metadata.
 * - {@link writePackageTree}`(dir, files)` → stage + rename; refuses a
 *   non-empty folder without the marker.
 *
 * @example
 * ```ts
 * import { buildPackageTree, chooseFormats, packageMeta } from "./mod.ts";
 * import { defineConnector } from "../core/define_connector.ts";
 * const connector = defineConnector({ id: "acme", server: { transport: "stdio", command: "acme-mcp" } });
 * const tree = buildPackageTree(connector, packageMeta(connector), chooseFormats().formats);
 * tree.files.map((f) => f.path); // [".agent-connector-package", "bin/agent-connector.mjs", "mcp.json", "plugin.json"]
 * ```
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { EmitInput, EmittedPackage, PackageFile, PackageMeta } from "./types.ts";
import { EMITTERS } from "./formats.ts";
import { MARKER_PATH, markerText } from "./write_tree.ts";

export type { EmittedPackage, PackageFile, PackageMeta } from "./types.ts";
export {
  chooseFormats,
  FORMAT_ALIASES,
  FormatError,
  HOST_FORMATS,
  STANDARD_FORMATS,
  supportedFormats,
} from "./formats.ts";
export type { FormatChoice } from "./formats.ts";
export { packageMeta } from "./meta.ts";
export { BUNDLE_ENTRY, bundleConnectorModule } from "./connector_bundle.ts";
export type { BundleInput, ConnectorBundle } from "./connector_bundle.ts";
export { MARKER_PATH, OutFolderError, writePackageTree } from "./write_tree.ts";

/** Every file of the `--out` folder and what each format reported. */
export interface PackageTree {
  /** The emitted packages, in format order; each file path is relative to its package root. */
  packages: EmittedPackage[];
  /** Where each package's root is inside `--out` (`""` for a single format). */
  roots: Record<string, string>;
  /** The whole folder, sorted by path. */
  files: PackageFile[];
}

/** Emits `formats` for `connector`. Throws when an emitter cannot package the connector. */
export function buildPackageTree(
  connector: ResolvedConnector,
  meta: PackageMeta,
  formats: readonly string[],
  nested: boolean = formats.length > 1,
  bundle?: EmitInput["bundle"],
): PackageTree {
  const packages = formats.map((format) => EMITTERS[format]({ connector, meta, bundle }));
  const single = !nested;
  const roots: Record<string, string> = {};
  const files: PackageFile[] = [{ path: MARKER_PATH, text: markerText(formats) }];
  for (const pkg of packages) {
    const root = single ? "" : `${pkg.format}/`;
    roots[pkg.format] = root;
    for (const file of pkg.files) files.push({ ...file, path: `${root}${file.path}` });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { packages, roots, files };
}
