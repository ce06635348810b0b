/**
 * Package metadata for manifests: the connector package's own package.json
 * fields (description, homepage, repository, license, keywords, author),
 * with `publish.author` winning over package.json's `author`. Fields of the
 * wrong type are left out, never coerced.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import type { PackageMeta } from "./types.ts";

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** npm's `"Name <email> (url)"` person string, or its object form. */
export function parsePerson(value: unknown): PackageMeta["author"] {
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const name = text(o.name);
    if (!name) return undefined;
    const email = text(o.email);
    const url = text(o.url);
    return { name, ...(email ? { email } : {}), ...(url ? { url } : {}) };
  }
  const s = text(value);
  if (!s) return undefined;
  const m = /^([^<(]*?)\s*(?:<([^>]*)>)?\s*(?:\(([^)]*)\))?$/.exec(s);
  if (!m || !m[1]) return { name: s };
  return parsePerson({ name: m[1], email: m[2], url: m[3] });
}

/** The metadata of `connector` given its package.json (when there is one). */
export function packageMeta(
  connector: Pick<ResolvedConnector, "publish">,
  packageJson: Record<string, unknown> = {},
): PackageMeta {
  const meta: PackageMeta = {};
  const name = text(packageJson.name);
  if (name) meta.packageName = name;
  const main = text(packageJson.main);
  if (main) meta.main = main;
  const description = text(packageJson.description);
  if (description) meta.description = description;
  const homepage = text(packageJson.homepage);
  if (homepage) meta.homepage = homepage;
  const repo = packageJson.repository;
  const repository = text(repo) ??
    (repo && typeof repo === "object" ? text((repo as Record<string, unknown>).url) : undefined);
  if (repository) meta.repository = repository;
  const license = text(packageJson.license);
  if (license) meta.license = license;
  const keywords = packageJson.keywords;
  if (Array.isArray(keywords) && keywords.every((k) => typeof k === "string")) {
    if (keywords.length) meta.keywords = [...keywords];
  }
  const author = parsePerson(connector.publish?.author) ?? parsePerson(packageJson.author);
  if (author) meta.author = author;
  return meta;
}

/**
 * `head` followed by the metadata in the order plugin manifests list it
 * (description, author, homepage, repository, license, keywords).
 */
export function manifestFields(
  meta: PackageMeta,
  head: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...head };
  for (
    const key of ["description", "author", "homepage", "repository", "license", "keywords"] as const
  ) {
    if (meta[key] !== undefined) out[key] = meta[key];
  }
  return out;
}
