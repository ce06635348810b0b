/**
 * The shapes every package emitter shares: the files one format emits, the
 * warnings for what it could not carry, and the install instructions printed
 * after it.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";

/** One file of a package, by its path relative to the package root (always `/`). */
export interface PackageFile {
  /** Path below the package root, `/`-separated. */
  path: string;
  /** Its exact text (UTF-8). */
  text: string;
  /** Written with mode 0755 (the bundled launcher). */
  executable?: boolean;
}

/** The metadata a package manifest carries, read from the connector's package.json. */
export interface PackageMeta {
  /** `description`. */
  description?: string;
  /** `homepage`. */
  homepage?: string;
  /** `repository` (its url when an object). */
  repository?: string;
  /** `license`. */
  license?: string;
  /** `keywords`. */
  keywords?: string[];
  /** package.json `name` (the npm package). */
  packageName?: string;
  /** package.json `main` (the package's entry file). */
  main?: string;
  /** `publish.author`, else package.json `author`. */
  author?: { name: string; email?: string; url?: string };
}

/** What an emitter receives. */
export interface EmitInput {
  /** The connector. */
  connector: ResolvedConnector;
  /** Its package metadata. */
  meta: PackageMeta;
  /**
   * The connector module bundled for hooks (package/connector_bundle.ts), or
   * why it cannot be; absent, formats carry no hooks.
   */
  bundle?: { files: PackageFile[]; entry: string } | { reason: string };
}

/** What one format emits. */
export interface EmittedPackage {
  /** The format name. */
  format: string;
  /** Its files, sorted by path. */
  files: PackageFile[];
  /** What the format could not carry, one sentence each. */
  warnings: string[];
  /** How to install the package, one line per client; `<dir>` is the package folder. */
  install: string[];
}

/** An emitter: a pure function of the connector. */
export type Emitter = (input: EmitInput) => EmittedPackage;
