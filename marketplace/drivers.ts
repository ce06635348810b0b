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

import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import { CLAUDE_PLUGIN } from "../package/claude_plugin.ts";
import { AGENT_PLUGIN } from "../package/agent_plugin.ts";
import { FACTORY_PLUGIN } from "../package/factory_plugin.ts";
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
  /** Refreshes the host's copy of the catalog; absent when the host reads the folder live. */
  refresh?(): HostCommand;
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
  /**
   * JSON keys the host's remove leaves behind that name only our plugin (a disabled
   * flag), by file below HOME: removed after the host's own remove, the rest of the
   * file kept byte for byte.
   */
  staleKeys?(home: string, id: string): Array<{ file: string; path: string[] }>;
}

const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The catalog entry list every catalog host reads: `name`, `owner`, `plugins[]` with a relative `source`. */
function renderCatalog(
  plugins: ReadonlyArray<{ id: string; version: string; description?: string }>,
): string {
  return jsonText({
    name: CATALOG_NAME,
    owner: { name: "agent-connector" },
    plugins: plugins.map((p) => ({
      name: p.id,
      source: `./${p.id}`,
      version: p.version,
      ...(p.description ? { description: p.description } : {}),
    })),
  });
}

/** A CATALOG host: `<bin> plugin marketplace add <dir>`, then `<bin> plugin <install> <id>@agent-connector`. */
function catalogDriver(opts: {
  host: HostId;
  format: string;
  bin: string;
  file: string;
  install: string;
  remove: string;
  list: string[];
  refresh: boolean;
  leftovers?: MarketplaceDriver["leftovers"];
  staleKeys?: MarketplaceDriver["staleKeys"];
}): MarketplaceDriver {
  const ref = (id: string) => `${id}@${CATALOG_NAME}`;
  return {
    host: opts.host,
    format: opts.format,
    bin: opts.bin,
    shape: "catalog",
    pluginRef: ref,
    install: (_staged, id) => ({ args: ["plugin", opts.install, ref(id)] }),
    remove: (id) => ({ args: ["plugin", opts.remove, ref(id)] }),
    list: () => ({ args: ["plugin", ...opts.list] }),
    listed: (out, id) => out.includes(ref(id)),
    catalog: {
      file: opts.file,
      render: renderCatalog,
      register: (dir) => ({ args: ["plugin", "marketplace", "add", dir] }),
      ...(opts.refresh
        ? { refresh: () => ({ args: ["plugin", "marketplace", "update", CATALOG_NAME] }) }
        : {}),
      unregister: () => ({ args: ["plugin", "marketplace", "remove", CATALOG_NAME] }),
    },
    ...(opts.leftovers ? { leftovers: opts.leftovers } : {}),
    ...(opts.staleKeys ? { staleKeys: opts.staleKeys } : {}),
  };
}

/**
 * Claude Code 2.1: the catalog is `<dir>/.claude-plugin/marketplace.json`;
 * `claude plugin install|uninstall <id>@<catalog>`, `claude plugin list --json`
 * (code.claude.com/docs/en/plugin-marketplaces). Claude copies the plugin at
 * install, so a changed catalog is re-read with `marketplace update`; a
 * removed plugin's copy stays under `~/.claude/plugins/cache/<catalog>/<id>/`
 * marked `.orphaned_at`.
 */
const claude = catalogDriver({
  host: "claude-code",
  format: CLAUDE_PLUGIN,
  bin: "claude",
  file: ".claude-plugin/marketplace.json",
  install: "install",
  remove: "uninstall",
  list: ["list", "--json"],
  refresh: true,
  leftovers: (home, id) => [join(home, ".claude", "plugins", "cache", CATALOG_NAME, id)],
});

/**
 * GitHub Copilot CLI 1.0: a local marketplace folder holds
 * `.github/plugin/marketplace.json`; `copilot plugin install <id>@<catalog>`
 * loads the plugin live from that folder (nothing copied), `plugin
 * uninstall` disables it (docs.github.com/copilot/how-tos/copilot-cli/
 * customize-copilot/plugins-marketplace). Measured: the install by path
 * works too but prints that it is deprecated, and `plugin uninstall` leaves
 * `enabledPlugins["<id>@<catalog>"]: false` in `~/.copilot/settings.json` and
 * the plugin's data folder `~/.copilot/plugin-data/<catalog>/<id>/`.
 */
const copilot = catalogDriver({
  host: "copilot-cli",
  format: AGENT_PLUGIN,
  bin: "copilot",
  file: ".github/plugin/marketplace.json",
  install: "install",
  remove: "uninstall",
  list: ["list"],
  refresh: false,
  leftovers: (home, id) => [join(home, ".copilot", "plugin-data", CATALOG_NAME, id)],
  staleKeys: (home, id) => [{
    file: join(home, ".copilot", "settings.json"),
    path: ["enabledPlugins", `${id}@${CATALOG_NAME}`],
  }],
});

/**
 * Codex 0.171: `codex plugin marketplace add <dir>` reads
 * `<dir>/.agents/plugins/marketplace.json` from the folder; `codex plugin
 * add|remove <id>@<catalog>` copies into / deletes
 * `~/.codex/plugins/cache/<catalog>/<id>/` (`codex plugin --help`; measured).
 */
const codex = catalogDriver({
  host: "codex",
  format: AGENT_PLUGIN,
  bin: "codex",
  file: ".agents/plugins/marketplace.json",
  install: "add",
  remove: "remove",
  list: ["list"],
  refresh: false,
});

/**
 * Droid 0.225: `droid plugin marketplace add <dir>` reads
 * `<dir>/.factory-plugin/marketplace.json`; `droid plugin install|uninstall
 * <id>@<catalog>`, `droid plugin list` (docs.factory.ai
 * guides/building/building-plugins, "Test your plugin"; `droid plugin --help`).
 * Its uninstall leaves the plugin's empty cache folder
 * `~/.factory/plugins/cache/<catalog>-<hash>/<id>-<hash>/` (measured, 0.225).
 */
const droid = catalogDriver({
  host: "droid",
  format: FACTORY_PLUGIN,
  bin: "droid",
  file: ".factory-plugin/marketplace.json",
  install: "install",
  remove: "uninstall",
  list: ["list"],
  refresh: true,
  leftovers: (home, id) => hashedFolders(join(home, ".factory", "plugins", "cache"), id),
});

/** `<cache>/<catalog>-<hash>/<id>-<hash>/` folders (Droid names its cache folders so). */
function hashedFolders(cache: string, id: string): string[] {
  const list = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory());
    } catch {
      return [];
    }
  };
  const hashed = (name: string, stem: string) =>
    new RegExp(`^${stem.replace(/[.]/g, "\\.")}-[0-9a-f]+$`).test(name);
  return list(cache).filter((d) => hashed(d.name, CATALOG_NAME)).flatMap((d) =>
    list(join(cache, d.name)).filter((e) => hashed(e.name, id)).map((e) =>
      join(cache, d.name, e.name)
    )
  );
}

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
  "codex": codex,
  "copilot-cli": copilot,
  "droid": droid,
  "gemini-cli": gemini,
  "qwen-code": qwen,
};

/** The hosts with a driver. */
export function drivableHosts(): HostId[] {
  return Object.keys(DRIVERS) as HostId[];
}
