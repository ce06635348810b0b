/**
 * One `MarketplaceDriver` per host whose CLI installs plugins or extensions
 * itself (spec §3 `install --method marketplace`). Two shapes:
 *
 * - CATALOG: the package is staged beside a local catalog the host reads
 *   (`<dataRoot>/marketplace/<host>/`), registered once by path
 *   (`<bin> plugin marketplace add <dir>`), then installed by reference
 *   (`<bin> plugin install <id>@agent-connector`).
 * - DIRECT: the host copies the staged folder (`<bin> extensions install
 *   <dir>`), no catalog.
 *
 * Each command was run against the pinned host CLIs of the real-host lab
 * (tests/lab/plugins.lab.ts); the `--help` of each states the verbs.
 *
 * @module
 */

import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import { CLAUDE_PLUGIN } from "../package/claude_plugin.ts";
import { GEMINI_EXTENSION, QWEN_EXTENSION } from "../package/gemini_extension.ts";

/** The name our local catalog is registered under in every catalog host. */
export const CATALOG_NAME = "agent-connector";

/** One host command: the arguments after the executable, and extra environment. */
export interface HostCommand {
  /** Arguments. */
  args: string[];
  /** Environment added for this command (headless consent, say). */
  env?: Record<string, string>;
}

/** How a catalog host reads our local catalog. */
export interface CatalogLayout {
  /** The catalog file, relative to the catalog folder. */
  file: string;
  /** The catalog's text for the staged plugins (folder name = plugin id). */
  render(plugins: ReadonlyArray<{ id: string; version: string; description?: string }>): string;
  /** Registers the catalog folder. */
  register(dir: string): HostCommand;
  /** Refreshes the host's copy of the catalog. */
  refresh(): HostCommand;
  /** Removes the registration. */
  unregister(): HostCommand;
}

/** A host's plugin flow. */
export interface MarketplaceDriver {
  /** The host. */
  host: HostId;
  /** The package format it installs. */
  format: string;
  /** The host's executable, found on PATH. */
  bin: string;
  /** CATALOG or DIRECT (see the module doc). */
  shape: "catalog" | "direct";
  /** What the host calls the installed plugin. */
  pluginRef(id: string): string;
  /** Installs the staged package. */
  install(staged: string, id: string): HostCommand;
  /** Removes the plugin. */
  remove(id: string): HostCommand;
  /** Lists installed plugins. */
  list(): HostCommand;
  /** True when `list` output names the plugin. */
  listed(output: string, id: string): boolean;
  /** The catalog, for the CATALOG shape. */
  catalog?: CatalogLayout;
  /**
   * Folders the host keeps of a removed plugin of our catalog, below HOME: they hold
   * only our package, and are removed after the host's own remove.
   */
  leftovers?(home: string, id: string): string[];
}

const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Claude Code 2.1: `claude plugin marketplace add <dir>` reads
 * `<dir>/.claude-plugin/marketplace.json` (`name`, `owner`, `plugins[]` with a
 * relative `source`); `claude plugin install|uninstall <id>@<catalog>`;
 * `claude plugin list --json` (code.claude.com/docs/en/plugin-marketplaces).
 * A removed plugin's copy stays under `~/.claude/plugins/cache/<catalog>/<id>/`
 * marked `.orphaned_at`.
 */
const claude: MarketplaceDriver = {
  host: "claude-code",
  format: CLAUDE_PLUGIN,
  bin: "claude",
  shape: "catalog",
  pluginRef: (id) => `${id}@${CATALOG_NAME}`,
  install: (_staged, id) => ({ args: ["plugin", "install", `${id}@${CATALOG_NAME}`] }),
  remove: (id) => ({ args: ["plugin", "uninstall", `${id}@${CATALOG_NAME}`] }),
  list: () => ({ args: ["plugin", "list", "--json"] }),
  listed: (out, id) => out.includes(`"${id}@${CATALOG_NAME}"`),
  catalog: {
    file: ".claude-plugin/marketplace.json",
    render: (plugins) =>
      jsonText({
        name: CATALOG_NAME,
        owner: { name: "agent-connector" },
        plugins: plugins.map((p) => ({
          name: p.id,
          source: `./${p.id}`,
          version: p.version,
          ...(p.description ? { description: p.description } : {}),
        })),
      }),
    register: (dir) => ({ args: ["plugin", "marketplace", "add", dir] }),
    refresh: () => ({ args: ["plugin", "marketplace", "update", CATALOG_NAME] }),
    unregister: () => ({ args: ["plugin", "marketplace", "remove", CATALOG_NAME] }),
  },
  leftovers: (home, id) => [join(home, ".claude", "plugins", "cache", CATALOG_NAME, id)],
};

/** `<bin> extensions install <dir>` / `uninstall <id>` / `list` (Gemini CLI and its fork Qwen Code). */
function extensionDriver(
  host: HostId,
  format: string,
  bin: string,
  installEnv: Record<string, string>,
): MarketplaceDriver {
  return {
    host,
    format,
    bin,
    shape: "direct",
    pluginRef: (id) => id,
    // --consent: the install prompt asks to accept third-party code; this package is the user's own.
    install: (staged) => ({
      args: ["extensions", "install", staged, "--consent"],
      env: installEnv,
    }),
    remove: (id) => ({ args: ["extensions", "uninstall", id] }),
    list: () => ({ args: ["extensions", "list"] }),
    listed: (out, id) => new RegExp(`^\\S*\\s*${id.replace(/[.]/g, "\\.")} \\(`, "m").test(out),
  };
}

/**
 * Gemini CLI 0.61 asks "Do you trust the files in this folder?" about the
 * extension's source before it installs it, even with `--consent`, and waits
 * on stdin; `GEMINI_CLI_TRUST_WORKSPACE=true` (the variable its headless runs
 * honour) answers yes for the folder we staged. Measured in the lab.
 */
const gemini = extensionDriver("gemini-cli", GEMINI_EXTENSION, "gemini", {
  GEMINI_CLI_TRUST_WORKSPACE: "true",
});
const qwen = extensionDriver("qwen-code", QWEN_EXTENSION, "qwen", {});

/** The drivers, by host. */
export const DRIVERS: Readonly<Partial<Record<HostId, MarketplaceDriver>>> = {
  "claude-code": claude,
  "gemini-cli": gemini,
  "qwen-code": qwen,
};

/** The hosts with a driver. */
export function drivableHosts(): HostId[] {
  return Object.keys(DRIVERS) as HostId[];
}
