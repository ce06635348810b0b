/**
 * The connector module a package carries so its hooks run without an
 * install: the config module and every relative module it imports, copied
 * byte-for-byte under `connector/` (their paths below the project kept), plus
 * a generated entry that names the connector's identity. A bundled hook runs
 * `bin/agent-connector.mjs hook <platform> <event> --connector <id> --module
 * connector/_agent_connector_entry.mjs`; the launcher resolves the module
 * against the package root, and the hook entry imports it instead of reading
 * an install record (runtime/hook_main.ts).
 *
 * Imports of agent-connector itself (`@ken-jo/agent-connector[/sdk]`, also
 * as `npm:`/`jsr:`) are pointed at a bundled one-line `defineConnector` that
 * returns the config unchanged — the CLI that runs the hook resolves it —
 * so only `{ defineConnector }` may be imported from it. What cannot be
 * bundled is reported, never guessed: a file outside the project, another
 * package, a TypeScript or CommonJS module, a computed `import()`.
 *
 * API: {@link bundleConnectorModule}`({modulePath, root, identity, readText})`
 * → `{ files, entry }` or `{ reason }`.
 *
 * @module
 */

import { dirname, extname, isAbsolute, relative, resolve } from "node:path";
import { PACKAGE_NAME } from "../core/version.ts";
import type { PackageFile } from "./types.ts";
import { jsonText } from "./_json.ts";

/** The folder of the bundled connector inside a package. */
export const BUNDLE_DIR: string = "connector";
/** The generated entry the hook command loads, relative to the package root. */
export const BUNDLE_ENTRY: string = `${BUNDLE_DIR}/_agent_connector_entry.mjs`;
const SDK_SHIM = `${BUNDLE_DIR}/_agent_connector_sdk.mjs`;

/** What {@link bundleConnectorModule} needs. */
export interface BundleInput {
  /** Absolute path of the connector config module. */
  modulePath: string;
  /** The project folder: every bundled file must be inside it. */
  root: string;
  /** The identity install would give the connector (package.json included). */
  identity: { id: string; displayName: string; version: string };
  /** Reads a file's text; undefined when it does not exist. */
  readText(path: string): string | undefined;
}

/** The bundled connector: its files (paths below the package root) and the entry to load. */
export interface ConnectorBundle {
  /** The files, in discovery order. */
  files: PackageFile[];
  /** The entry module, relative to the package root. */
  entry: string;
}

const FRAMEWORK = new RegExp(
  `^(?:(?:npm|jsr):)?${PACKAGE_NAME.replace("/", "\\/")}(?:@[^/]+)?(?:\\/sdk)?$`,
);
// `import … from "x"` / `export … from "x"` and side-effect `import "x"` at a
// statement's start (so prose in a prompt string is not read as one), and
// literal `import("x")` anywhere.
const FROM = /(^|[;\n}]\s*)(import|export)(\s*[\w*{$][^'";]*?\bfrom\s*)(["'])([^"'\n]+)\4/g;
const BARE = /(^|[;\n}]\s*)import(\s*)(["'])([^"'\n]+)\3/g;
const DYNAMIC = /\bimport\s*\(/g;
const DYNAMIC_LITERAL = /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*[,)]/g;

/** `text` with every comment blanked (same length, newlines kept), so offsets still match. */
export function blankComments(text: string): string {
  const out = text.split("");
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      for (; i < text.length && text[i] !== "\n"; i++) out[i] = " ";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (; i < stop; i++) if (text[i] !== "\n") out[i] = " ";
    } else i++;
  }
  return out.join("");
}

/** One import of a module: its specifier, where the literal's text starts, and its clause. */
interface ImportRef {
  specifier: string;
  at: number;
  clause?: string;
}

function importsOf(text: string): ImportRef[] | string {
  const code = blankComments(text);
  if (/\brequire\s*\(|\bmodule\.exports\b/.test(code)) {
    return "it is a CommonJS module (require or module.exports)";
  }
  const refs: ImportRef[] = [];
  for (const m of code.matchAll(FROM)) {
    const at = m.index! + m[1].length + m[2].length + m[3].length + 1;
    refs.push({ specifier: m[5], at, clause: m[2] === "import" ? m[3] : undefined });
  }
  for (const m of code.matchAll(BARE)) {
    refs.push({ specifier: m[4], at: m.index! + m[1].length + 6 + m[2].length + 1 });
  }
  const literal = [...code.matchAll(DYNAMIC_LITERAL)];
  if ([...code.matchAll(DYNAMIC)].length !== literal.length) {
    return "it has an import() of a computed specifier";
  }
  for (const m of literal) {
    refs.push({ specifier: m[2], at: m.index! + m[0].indexOf(m[1]) + 1 });
  }
  return refs.sort((a, b) => a.at - b.at);
}

/** True when an import clause takes only `defineConnector` (renamed or not). */
function onlyDefineConnector(clause: string): boolean {
  const names = /^\s*\{([^}]*)\}\s*from\s*$/.exec(clause)?.[1];
  if (names === undefined) return false;
  const items = names.split(",").map((s) => s.trim()).filter(Boolean);
  return items.length > 0 && items.every((s) => /^defineConnector(\s+as\s+[\w$]+)?$/.test(s));
}

/** `to` as a relative import specifier from the folder of `from` (both package paths). */
function specifierFrom(from: string, to: string): string {
  const rel = relative(dirname(`/${from}`), `/${to}`).split("\\").join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/**
 * Bundles the connector module and its relative imports, or says in one
 * sentence (naming the file) why it cannot.
 */
export function bundleConnectorModule(input: BundleInput): ConnectorBundle | { reason: string } {
  const root = resolve(input.root);
  const files: PackageFile[] = [];
  const seen = new Set<string>();
  const queue = [resolve(input.modulePath)];
  let shim = false;
  let commonJsScope = false;
  const shown = (path: string) => relative(root, path).split("\\").join("/");
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const rel = relative(root, path);
    if (rel.startsWith("..") || isAbsolute(rel)) {
      return {
        reason:
          `${path} is outside the project ${root}; a package bundles only the project's files`,
      };
    }
    const text = input.readText(path);
    if (text === undefined) return { reason: `${shown(path)} cannot be read` };
    const target = `${BUNDLE_DIR}/${shown(path)}`;
    const ext = extname(path);
    if (ext === ".json") {
      files.push({ path: target, text });
      continue;
    }
    if (ext !== ".mjs" && ext !== ".js") {
      return {
        reason: `${
          shown(path)
        } is not a JavaScript module (.mjs or .js); a package bundles those only`,
      };
    }
    if (ext === ".js") commonJsScope = true;
    const refs = importsOf(text);
    if (typeof refs === "string") return { reason: `${shown(path)} cannot be bundled: ${refs}` };
    let out = "";
    let last = 0;
    for (const ref of refs) {
      const spec = ref.specifier;
      if (spec.startsWith("node:")) continue;
      if (FRAMEWORK.test(spec)) {
        if (ref.clause === undefined || !onlyDefineConnector(ref.clause)) {
          return {
            reason: `${
              shown(path)
            } imports more than { defineConnector } from "${spec}"; a package bundles only that`,
          };
        }
        out += text.slice(last, ref.at) + specifierFrom(target, SDK_SHIM);
        last = ref.at + spec.length;
        shim = true;
      } else if (spec.startsWith("./") || spec.startsWith("../")) {
        queue.push(resolve(dirname(path), spec));
      } else {
        return { reason: `${shown(path)} imports "${spec}", a package a bundle cannot carry yet` };
      }
    }
    files.push({ path: target, text: out + text.slice(last) });
  }
  const entry = specifierFrom(BUNDLE_ENTRY, `${BUNDLE_DIR}/${shown(resolve(input.modulePath))}`);
  const { id, displayName, version } = input.identity;
  files.push({
    path: BUNDLE_ENTRY,
    text: "// Generated by `agent-connector package`: the connector this package's hooks run,\n" +
      "// with the identity its package.json gave it.\n" +
      `export { default } from ${JSON.stringify(entry)};\n` +
      `export const identity = ${JSON.stringify({ id, displayName, version })};\n`,
  });
  if (shim) {
    files.push({
      path: SDK_SHIM,
      text: "// Generated by `agent-connector package`: the config is returned as written;\n" +
        "// the agent-connector CLI that runs the hook validates it (defineConnector).\n" +
        "export const defineConnector = (config) => config;\n",
    });
  }
  // A .js file is ESM only under "type": "module"; the package root has no package.json.
  if (commonJsScope) {
    files.push({ path: `${BUNDLE_DIR}/package.json`, text: jsonText({ type: "module" }) });
  }
  if (new Set(files.map((f) => f.path)).size !== files.length) {
    return {
      reason: `the project has a file named like a generated one (${BUNDLE_ENTRY}, ${SDK_SHIM})`,
    };
  }
  return { files, entry: BUNDLE_ENTRY };
}
