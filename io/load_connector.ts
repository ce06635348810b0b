/**
 * Finds, imports and resolves a connector config module (spec §2):
 * `agent-connector.config.{mjs,js,ts,json}` found by walking up from the
 * project dir, or an explicit path (`--connector`). A `.ts` config is for
 * Deno, where a JSR user writes one naturally; Node loads it only where it
 * strips types itself (22.18 and later) and otherwise says so in one line.
 * The default export — a `defineConnector(...)` result or a plain config
 * object — is resolved and given its identity from the nearest package.json
 * (core/identity.ts).
 *
 * Every failure is one message naming the file, with no stack trace:
 * {@link ConnectorConfigError} when the config breaks a rule, and
 * {@link AgentConnectorError} (`connector-not-found`, `connector-load`,
 * `package-json`) when the file is missing or cannot be loaded.
 *
 * @module
 */

import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ConnectorConfig, ResolvedConnector } from "../core/types.ts";
import { AgentConnectorError, ConnectorConfigError } from "../core/errors.ts";
import {
  defineConnector,
  hasDerivedId,
  isResolvedConnector,
  withPackageIdentity,
} from "../core/define_connector.ts";
import { identityFromPackageJson } from "../core/identity.ts";
import { describeJsonError } from "./_json_error.ts";

/** The config file names, in the order they are looked for in each folder. */
export const CONFIG_FILE_NAMES: readonly string[] = [
  "agent-connector.config.mjs",
  "agent-connector.config.js",
  "agent-connector.config.ts",
  "agent-connector.config.json",
];

/** Where to look for the connector. */
export interface LoadConnectorOptions {
  /** An explicit config file (or a folder holding one); relative to `cwd`. */
  connectorPath?: string;
  /** Where discovery starts walking up from. */
  projectDir: string;
  /** What a relative `connectorPath` is relative to; `projectDir` by default. */
  cwd?: string;
}

/** A loaded connector and where it came from. */
export interface LoadedConnector {
  /** The resolved connector, identity applied. */
  connector: ResolvedConnector;
  /** Absolute path of the config module. */
  modulePath: string;
  /** The nearest package.json above the module, parsed. */
  packageJson?: Record<string, unknown>;
  /** Its absolute path. */
  packageJsonPath?: string;
}

/**
 * Returns the first config file in `startDir` or one of its parents, or
 * undefined when there is none.
 */
export function findConnectorConfig(startDir: string): string | undefined {
  return walkUp(startDir, configIn);
}

/** Returns the first non-undefined `pick(dir)` from `start` up to the root. */
function walkUp(start: string, pick: (dir: string) => string | undefined): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const found = pick(dir);
    if (found) return found;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function configIn(dir: string): string | undefined {
  for (const name of CONFIG_FILE_NAMES) {
    const path = join(dir, name);
    if (isFile(path)) return path;
  }
  return undefined;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Returns the nearest package.json at or above `dir`. */
export function findPackageJson(dir: string): string | undefined {
  return walkUp(dir, (d) => isFile(join(d, "package.json")) ? join(d, "package.json") : undefined);
}

/**
 * Locates, imports and resolves the connector.
 *
 * @example
 * ```ts ignore
 * import { loadConnector } from "./load_connector.ts";
 * const { connector, modulePath } = await loadConnector({ projectDir: process.cwd() });
 * ```
 */
export async function loadConnector(options: LoadConnectorOptions): Promise<LoadedConnector> {
  const modulePath = locate(options);
  const exported = await importConfig(modulePath);
  let connector: ResolvedConnector;
  try {
    connector = isResolvedConnector(exported)
      ? exported
      : defineConnector(exported as ConnectorConfig);
  } catch (error) {
    throw invalid(modulePath, error);
  }
  const packageJsonPath = findPackageJson(dirname(modulePath));
  const packageJson = packageJsonPath ? readPackageJson(packageJsonPath) : undefined;
  connector = withPackageIdentity(connector, identityFromPackageJson(packageJson));
  if (!hasDerivedId(connector)) {
    const where = packageJsonPath
      ? `add "name" or "bin" to "${packageJsonPath}"`
      : "add a package.json with a name beside it";
    throw new ConnectorConfigError(
      `Invalid connector config "${modulePath}": no connector id — ${where}, or set id in the config`,
    );
  }
  return { connector, modulePath, packageJson, packageJsonPath };
}

function locate(options: LoadConnectorOptions): string {
  if (options.connectorPath !== undefined) {
    const path = resolve(options.cwd ?? options.projectDir, options.connectorPath);
    if (!existsSync(path)) {
      throw new AgentConnectorError(
        "connector-not-found",
        `Connector config "${path}" does not exist — check the --connector path`,
        { file: path },
      );
    }
    if (!statSync(path).isDirectory()) return path;
    const inside = configIn(path);
    if (inside) return inside;
    throw new AgentConnectorError(
      "connector-not-found",
      `No ${CONFIG_FILE_NAMES.join(", ")} in "${path}" — point --connector at the config file`,
      { file: path },
    );
  }
  const found = findConnectorConfig(options.projectDir);
  if (found) return found;
  // Run from the connector's package with --project naming the app to install into: the
  // config is found from the current folder too (README: "walking up from the current folder").
  const project = resolve(options.projectDir);
  const cwd = options.cwd === undefined ? undefined : resolve(options.cwd);
  const other = cwd !== undefined && cwd !== project ? cwd : undefined;
  const fromCwd = other === undefined ? undefined : findConnectorConfig(other);
  if (fromCwd) return fromCwd;
  throw new AgentConnectorError(
    "connector-not-found",
    `No agent-connector.config.mjs, .js, .ts or .json in "${project}" or any parent folder` +
      `${other === undefined ? "" : `, nor in "${other}" or any parent`} — create one, ` +
      "or pass --connector <path>",
  );
}

async function importConfig(path: string): Promise<unknown> {
  if (path.endsWith(".json")) {
    const text = readText(path);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw loadError(path, `${describeJsonError(error, text)} — fix the JSON`);
    }
    if (data !== null && typeof data === "object" && !Array.isArray(data)) {
      // Editors add "$schema"; it is not part of the connector.
      delete (data as Record<string, unknown>).$schema;
    }
    return data;
  }
  let mod: Record<string, unknown>;
  try {
    mod = await import(pathToFileURL(path).href);
  } catch (error) {
    if (isConfigError(error)) throw invalid(path, error);
    if (
      path.endsWith(".ts") && (error as { code?: unknown }).code === "ERR_UNKNOWN_FILE_EXTENSION"
    ) {
      throw loadError(
        path,
        `this Node (${process.version}) cannot run TypeScript — run agent-connector with Deno, ` +
          "use Node 22.18 or later, or rename it to agent-connector.config.mjs",
      );
    }
    throw loadError(path, describeImportError(error, path));
  }
  if (!("default" in mod) || mod.default === undefined) {
    throw loadError(
      path,
      "it has no default export — end it with: export default defineConnector({ ... })",
    );
  }
  const value = mod.default;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw loadError(
      path,
      `its default export is ${value === null ? "null" : typeof value}, not a connector — ` +
        "export default defineConnector({ ... })",
    );
  }
  return value;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw loadError(path, (error as Error).message);
  }
}

function readPackageJson(path: string): Record<string, unknown> {
  const text = readText(path);
  try {
    const data = JSON.parse(text);
    return data !== null && typeof data === "object" ? data : {};
  } catch (error) {
    throw new AgentConnectorError(
      "package-json",
      `Cannot read "${path}": ${describeJsonError(error, text)} — fix package.json`,
      { file: path, cause: error },
    );
  }
}

/** A ConnectorConfigError from any copy of this library. */
function isConfigError(error: unknown): error is Error {
  return error instanceof Error && error.name === "ConnectorConfigError";
}

function invalid(path: string, error: unknown): Error {
  if (!isConfigError(error)) return loadError(path, describeImportError(error, path));
  return new ConnectorConfigError(`Invalid connector config "${path}": ${error.message}`, {
    cause: error,
  });
}

function loadError(path: string, detail: string): AgentConnectorError {
  return new AgentConnectorError(
    "connector-load",
    `Cannot load connector config "${path}": ${detail}`,
    {
      file: path,
    },
  );
}

/**
 * One line: the error's message, with the line (and column) when the runtime
 * gives one. Deno reports a parse failure as a TypeError whose message starts
 * with "SyntaxError:" and ends with "at <url>:<line>:<col>"; Node puts
 * "<url>:<line>" on the first line of the stack.
 */
function describeImportError(error: unknown, path: string): string {
  if (!(error instanceof Error)) return String(error);
  let first = error.message.split("\n")[0];
  let syntax = error.name === "SyntaxError";
  if (first.startsWith("SyntaxError: ")) {
    syntax = true;
    first = first.slice("SyntaxError: ".length);
  }
  const at = /at (file:\/\/\S+?):(\d+):(\d+)\s*$/m.exec(error.message) ??
    /^(file:\/\/\S+?):(\d+)\n/.exec(error.stack ?? "");
  let where = "";
  if (at) {
    const file = fileURLToPath(at[1]);
    const line = at[3] ? `line ${at[2]}, column ${at[3]}` : `line ${at[2]}`;
    where = file === path ? `${line}: ` : `"${file}" ${line}: `;
  }
  return `${where}${syntax ? "syntax error: " : ""}${first}`;
}
