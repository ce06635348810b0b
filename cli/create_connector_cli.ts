/**
 * `createConnectorCli`: the developer's own branded command (`acme-db
 * install`, `acme-db doctor`, …) — the whole agent-connector CLI, named and
 * versioned from the package's package.json and bound to its connector, so
 * users never type `--connector` (spec §0.1).
 *
 * @example
 * ```ts ignore
 * #!/usr/bin/env node
 * import { createConnectorCli } from "@ken-jo/agent-connector/cli";
 * import packageJson from "./package.json" with { type: "json" };
 *
 * await createConnectorCli({
 *   packageJson,
 *   connector: new URL("./agent-connector.config.mjs", import.meta.url),
 * }).main();
 * ```
 *
 * The connector module must be a file on this machine: hosts re-import it,
 * offline, on every hook call. A branded CLI run from a URL (`deno run -A
 * https://…/bin.ts`, a JSR package's `jsr:` entry) whose connector module is
 * a URL too builds, but every command prints one message saying to run it
 * from a local copy instead, and exits 1.
 *
 * @module
 */

import process from "node:process";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import type { ResolvedConnector } from "../core/connector_types.ts";
import { type CliBrand, processContext } from "./_context.ts";
import { CliError } from "./_errors.ts";
import { reportError, runCli } from "./run.ts";

/** What a branded CLI is made from. */
export interface ConnectorCliOptions {
  /** The package's package.json: the parsed object, or its path / file URL. */
  packageJson: Record<string, unknown> | string | URL;
  /**
   * The connector config module (path or file URL) — or the imported
   * connector together with `connectorPath`, since hooks re-import the
   * module at run time.
   */
  connector: string | URL | ResolvedConnector;
  /** The module path when `connector` is the imported connector. */
  connectorPath?: string | URL;
  /** The command name; default: the package's first bin name, else its name. */
  name?: string;
}

/** A branded CLI. */
export interface ConnectorCli {
  /** The command name users type. */
  readonly name: string;
  /** The package version `--version` prints. */
  readonly version: string;
  /** The connector module every command is bound to. */
  readonly connectorPath: string;
  /** Runs `argv` (without runtime and script) and returns the exit code. */
  run(argv?: string[]): Promise<number>;
  /** Runs the process's arguments and sets `process.exitCode`. */
  main(): Promise<void>;
}

/** True for a URL other than `file:` (`https://…`); a Windows path (`C:\\…`) is not one. */
function isRemote(value: string | URL): boolean {
  const href = value instanceof URL ? value.href : value;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(href) && !href.startsWith("file:");
}

function toPath(value: string | URL): string {
  if (value instanceof URL) return fileURLToPath(value);
  return value.startsWith("file:") ? fileURLToPath(value) : value;
}

function readPackage(value: ConnectorCliOptions["packageJson"]): Record<string, unknown> {
  if (typeof value === "object" && !(value instanceof URL)) return value;
  const path = toPath(value);
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new TypeError(`createConnectorCli: cannot read "${path}": ${(error as Error).message}`);
  }
}

/** The command name package.json declares: its first bin name, else the unscoped package name. */
export function binNameOf(pkg: Record<string, unknown>): string | undefined {
  const bin = pkg.bin;
  if (bin && typeof bin === "object") return Object.keys(bin)[0];
  const name = typeof pkg.name === "string" ? pkg.name : undefined;
  return name?.replace(/^@[^/]+\//, "");
}

/** Builds the branded CLI of a connector package. */
export function createConnectorCli(options: ConnectorCliOptions): ConnectorCli {
  const pkg = readPackage(options.packageJson);
  const name = options.name ?? binNameOf(pkg);
  if (!name) {
    throw new TypeError("createConnectorCli: package.json has neither bin nor name; pass name");
  }
  const version = typeof pkg.version === "string" ? pkg.version : "0.0.0";
  const module = typeof options.connector === "string" || options.connector instanceof URL
    ? options.connector
    : options.connectorPath;
  if (!module) {
    throw new TypeError(
      "createConnectorCli: pass connector as the config module's URL " +
        '(new URL("./agent-connector.config.mjs", import.meta.url)), or add connectorPath',
    );
  }
  if (isRemote(module)) {
    const href = module instanceof URL ? module.href : module;
    const brand: CliBrand = { name, version, connectorPath: href };
    const problem = new CliError(
      `the connector module ${href} is not a file on this machine: hosts re-import it on ` +
        `every hook call, offline, so ${name} cannot be installed from a URL; run it from a ` +
        "local copy of its package (installed from npm, or a checkout) instead",
    );
    const run = () => Promise.resolve(reportError(problem, processContext(brand)));
    return {
      name,
      version,
      connectorPath: href,
      run,
      async main() {
        process.exitCode = await run();
      },
    };
  }
  const brand: CliBrand = { name, version, connectorPath: toPath(module) };
  const run = (argv: string[] = process.argv.slice(2)) => runCli(argv, processContext(brand));
  return {
    name,
    version,
    connectorPath: brand.connectorPath!,
    run,
    async main() {
      process.exitCode = await run();
    },
  };
}
