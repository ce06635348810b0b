import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withTempDir } from "../tests/_helpers/temp.ts";
import { defineConnector } from "../core/define_connector.ts";
import type { LoadedConnector } from "../io/load_connector.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { installByMarketplace, removeByMarketplace } from "./engine.ts";
import type { HostRunner } from "./host_exec.ts";
import { marketplaceStatePath, readMarketplaceState } from "./state.ts";

/** A stand-in for the host CLIs: remembers what is installed, logs every command. */
function fakeHosts() {
  const installed = new Set<string>();
  const log: string[] = [];
  const runner: HostRunner = (bin, command) => {
    const name = bin.split("/").pop()!;
    const line = `${name} ${command.args.join(" ")}`;
    log.push(line);
    const [a, b, c] = command.args;
    if (a === "plugin" && b === "install") installed.add(`${name}:${c}`);
    if (a === "plugin" && b === "uninstall") {
      if (!installed.delete(`${name}:${c}`)) return { code: 1, output: "not installed" };
    }
    if (a === "extensions" && b === "install") installed.add(`${name}:${c.split("/").pop()}`);
    if (a === "extensions" && b === "uninstall") installed.delete(`${name}:${c}`);
    if (command.args.includes("list")) {
      const mine = [...installed].filter((i) => i.startsWith(`${name}:`)).map((i) =>
        i.slice(name.length + 1)
      );
      return {
        code: 0,
        output: name === "claude"
          ? JSON.stringify(mine.map((id) => ({ id })))
          : mine.map((id) => `✓ ${id} (1.0.0)`).join("\n"),
      };
    }
    return { code: 0, output: "" };
  };
  return { runner, log, installed };
}

function setup(dir: string, version = "1.0.0") {
  const home = join(dir, "home");
  const bin = join(dir, "bin");
  mkdirSync(home, { recursive: true });
  mkdirSync(bin, { recursive: true });
  for (const name of ["claude", "gemini"]) writeFileSync(join(bin, name), "", { mode: 0o755 });
  const machine: MachineEnv = { home, env: { HOME: home, PATH: bin }, os: "linux", cwd: dir };
  const modulePath = join(dir, "agent-connector.config.mjs");
  writeFileSync(modulePath, "export default {};\n");
  const loaded: LoadedConnector = {
    connector: defineConnector({
      id: "acme",
      version,
      server: { transport: "stdio", command: "npx", args: ["-y", "acme-mcp"] },
      skills: [{ name: "acme-skill", description: "Acme lookups", body: "Use acme." }],
    }),
    modulePath,
  };
  return { machine, loaded, root: join(home, ".agent-connector") };
}

test("install stages the package, registers our catalog once, installs and records the row", () => {
  withTempDir((dir) => {
    const { machine, loaded, root } = setup(dir);
    const hosts = fakeHosts();
    const res = installByMarketplace(loaded, {
      machine,
      targets: ["claude-code", "gemini-cli"],
      dryRun: false,
      runner: hosts.runner,
      skipHomeBin: true,
    });
    assert.equal(res.failed, false, JSON.stringify(res.changes));
    const claudeDir = join(root, "marketplace", "claude-code", "agent-connector");
    assert.deepEqual(hosts.log, [
      `claude plugin marketplace add ${claudeDir}`,
      "claude plugin install acme@agent-connector",
      "claude plugin list --json",
      `gemini extensions install ${join(root, "marketplace", "gemini-cli", "acme")} --consent`,
      "gemini extensions list",
    ]);
    const catalog = JSON.parse(
      readFileSync(join(claudeDir, ".claude-plugin", "marketplace.json"), "utf8"),
    );
    assert.deepEqual(catalog.plugins, [{ name: "acme", source: "./acme", version: "1.0.0" }]);
    assert.ok(existsSync(join(claudeDir, "acme", ".claude-plugin", "plugin.json")));
    assert.ok(existsSync(join(claudeDir, "acme", "skills", "acme-skill", "SKILL.md")));
    const state = readMarketplaceState(root);
    assert.deepEqual(
      state.installs.map((r) => [r.connectorId, r.host, r.format, r.pluginRef]),
      [
        ["acme", "claude-code", "claude-plugin", "acme@agent-connector"],
        ["acme", "gemini-cli", "gemini-extension", "acme"],
      ],
    );
  });
});

test("a second install of an unchanged package runs nothing but the listing and reports =", () => {
  withTempDir((dir) => {
    const { machine, loaded } = setup(dir);
    const hosts = fakeHosts();
    const opts = {
      machine,
      targets: ["claude-code"] as const,
      dryRun: false,
      runner: hosts.runner,
      skipHomeBin: true,
    };
    installByMarketplace(loaded, opts);
    hosts.log.length = 0;
    const res = installByMarketplace(loaded, opts);
    assert.deepEqual(hosts.log, ["claude plugin list --json"]);
    assert.deepEqual(res.changes.map((c) => c.action), ["skip"]);
  });
});

test("upgrade of a changed package removes the old copy, refreshes the catalog and installs again", () => {
  withTempDir((dir) => {
    const first = setup(dir, "1.0.0");
    const hosts = fakeHosts();
    const base = {
      targets: ["claude-code"] as const,
      dryRun: false,
      runner: hosts.runner,
      skipHomeBin: true,
    };
    installByMarketplace(first.loaded, { ...base, machine: first.machine, now: new Date(0) });
    const installedAt = readMarketplaceState(first.root).installs[0].installedAt;
    const next = setup(dir, "1.1.0");
    hosts.log.length = 0;
    const res = installByMarketplace(next.loaded, { ...base, machine: next.machine });
    assert.equal(res.failed, false, JSON.stringify(res.changes));
    assert.deepEqual(hosts.log, [
      "claude plugin uninstall acme@agent-connector",
      "claude plugin marketplace update agent-connector",
      "claude plugin install acme@agent-connector",
      "claude plugin list --json",
    ]);
    const row = readMarketplaceState(next.root).installs[0];
    assert.equal(row.version, "1.1.0");
    assert.equal(row.installedAt, installedAt);
    assert.notEqual(row.updatedAt, installedAt);
  });
});

test("the guard refuses a plugin on a host that has the connector by config", () => {
  withTempDir((dir) => {
    const { machine, loaded, root } = setup(dir);
    const record = join(root, "connectors", "acme", "connector.json");
    mkdirSync(join(root, "connectors", "acme"), { recursive: true });
    writeFileSync(
      record,
      JSON.stringify({ id: "acme", installs: [{ platform: "claude-code", scope: "user" }] }),
    );
    const hosts = fakeHosts();
    const res = installByMarketplace(loaded, {
      machine,
      targets: ["claude-code"],
      dryRun: false,
      runner: hosts.runner,
      skipHomeBin: true,
    });
    assert.equal(res.failed, true);
    assert.match(res.changes[0].detail, /installed in claude-code by config/);
    assert.deepEqual(hosts.log, []);
    assert.equal(existsSync(marketplaceStatePath(root)), false);
  });
});

test("a host CLI not on PATH: the package is staged and the exact commands are printed", () => {
  withTempDir((dir) => {
    const { machine, loaded, root } = setup(dir);
    const res = installByMarketplace(loaded, {
      machine: { ...machine, env: { ...machine.env, PATH: join(dir, "nowhere") } },
      targets: ["gemini-cli"],
      dryRun: false,
      runner: () => assert.fail("no host may run"),
      skipHomeBin: true,
    });
    assert.equal(res.failed, true);
    const staged = join(root, "marketplace", "gemini-cli", "acme");
    assert.ok(existsSync(join(staged, "gemini-extension.json")));
    assert.match(
      res.changes.at(-1)!.detail,
      new RegExp(
        `gemini is not on PATH: staged gemini-extension; run .*gemini extensions install ${staged} --consent`,
      ),
    );
    assert.equal(existsSync(marketplaceStatePath(root)), false);
  });
});

test("a host without a driver is refused with the drivable hosts named", () => {
  withTempDir((dir) => {
    const { machine, loaded } = setup(dir);
    const res = installByMarketplace(loaded, {
      machine,
      targets: ["zed"],
      dryRun: false,
      runner: () => assert.fail("no host may run"),
      skipHomeBin: true,
    });
    assert.equal(res.failed, true);
    assert.match(res.changes[0].detail, /zed has no plugin command .*drivable: claude-code/);
  });
});

test("remove uninstalls with the host's command, drops the catalog when last, and empties the state", () => {
  withTempDir((dir) => {
    const { machine, loaded, root } = setup(dir);
    const hosts = fakeHosts();
    const opts = { machine, dryRun: false, runner: hosts.runner, skipHomeBin: true };
    installByMarketplace(loaded, { ...opts, targets: ["claude-code", "gemini-cli"] });
    // What Claude Code keeps of a removed plugin.
    const cache = join(machine.home, ".claude", "plugins", "cache", "agent-connector", "acme");
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, ".orphaned_at"), "1");
    hosts.log.length = 0;
    const res = removeByMarketplace("acme", opts);
    assert.equal(res.failed, false, JSON.stringify(res.changes));
    assert.deepEqual(hosts.log, [
      "claude plugin uninstall acme@agent-connector",
      "claude plugin marketplace remove agent-connector",
      "gemini extensions uninstall acme",
    ]);
    assert.equal(existsSync(cache), false);
    assert.equal(existsSync(join(root, "marketplace")), false);
    assert.equal(hosts.installed.size, 0);
  });
});

test("remove keeps the row when the host still lists the plugin after a failed uninstall", () => {
  withTempDir((dir) => {
    const { machine, loaded, root } = setup(dir);
    const hosts = fakeHosts();
    const opts = { machine, dryRun: false, skipHomeBin: true };
    installByMarketplace(loaded, { ...opts, runner: hosts.runner, targets: ["claude-code"] });
    const stuck: HostRunner = (bin, command, o) =>
      command.args.includes("uninstall")
        ? { code: 1, output: "EPERM" }
        : hosts.runner(bin, command, o);
    const res = removeByMarketplace("acme", { ...opts, runner: stuck });
    assert.equal(res.failed, true);
    assert.match(res.changes[0].detail, /exited 1: EPERM/);
    assert.equal(readMarketplaceState(root).installs.length, 1);
  });
});

test("an unreadable state file is an error naming the file", () => {
  withTempDir((dir) => {
    const { machine, loaded, root } = setup(dir);
    mkdirSync(join(root, "marketplace"), { recursive: true });
    writeFileSync(marketplaceStatePath(root), "{ not json");
    assert.throws(
      () =>
        installByMarketplace(loaded, {
          machine,
          targets: ["claude-code"],
          dryRun: false,
          runner: fakeHosts().runner,
          skipHomeBin: true,
        }),
      /marketplace-installs\.json.*not valid JSON/,
    );
  });
});

test("remove drops the disabled flag Copilot CLI leaves, keeping the rest of its settings byte for byte", () => {
  withTempDir((dir) => {
    const { machine, loaded } = setup(dir);
    writeFileSync(join(dir, "bin", "copilot"), "", { mode: 0o755 });
    const hosts = fakeHosts();
    const opts = { machine, dryRun: false, runner: hosts.runner, skipHomeBin: true };
    installByMarketplace(loaded, { ...opts, targets: ["copilot-cli"] });
    const settings = join(machine.home, ".copilot", "settings.json");
    mkdirSync(join(machine.home, ".copilot"), { recursive: true });
    const user = '{\n  "theme": "dark",\n  "enabledPlugins": {\n    "mine@x": true\n  }\n}\n';
    writeFileSync(
      settings,
      user.replace('"mine@x": true', '"mine@x": true,\n    "acme@agent-connector": false'),
    );
    const res = removeByMarketplace("acme", opts);
    assert.equal(res.failed, false, JSON.stringify(res.changes));
    assert.equal(readFileSync(settings, "utf8"), user);
  });
});

test("a dry run prints the commands it would run and writes nothing", () => {
  withTempDir((dir) => {
    const { machine, loaded, root } = setup(dir);
    const res = installByMarketplace(loaded, {
      machine,
      targets: ["claude-code"],
      dryRun: true,
      runner: () => assert.fail("a dry run runs no host command"),
      skipHomeBin: true,
    });
    assert.equal(res.failed, false);
    assert.match(
      res.changes.at(-1)!.detail,
      /^would stage claude-plugin and run claude plugin marketplace add .* && claude plugin install acme@agent-connector$/,
    );
    assert.equal(existsSync(join(root, "marketplace")), false);
  });
});

test("remove takes away the empty cache folder Droid keeps of a removed plugin of our catalog", () => {
  withTempDir((dir) => {
    const { machine, loaded } = setup(dir);
    writeFileSync(join(dir, "bin", "droid"), "", { mode: 0o755 });
    const hosts = fakeHosts();
    const opts = { machine, dryRun: false, runner: hosts.runner, skipHomeBin: true };
    installByMarketplace(loaded, { ...opts, targets: ["droid"] });
    const cache = join(machine.home, ".factory", "plugins", "cache");
    const ours = join(cache, "agent-connector-49118725d7c2", "acme-f118554f0d15");
    const other = join(cache, "agent-connector-49118725d7c2", "acmex-f118554f0d15");
    mkdirSync(ours, { recursive: true });
    mkdirSync(other, { recursive: true });
    const res = removeByMarketplace("acme", opts);
    assert.equal(res.failed, false, JSON.stringify(res.changes));
    assert.equal(existsSync(ours), false);
    assert.equal(existsSync(other), true, "another plugin's folder stays");
  });
});

test("an update whose catalog the user unregistered by hand registers it again", () => {
  withTempDir((dir) => {
    const first = setup(dir, "1.0.0");
    const hosts = fakeHosts();
    const base = { targets: ["claude-code"] as const, dryRun: false, skipHomeBin: true };
    installByMarketplace(first.loaded, { ...base, machine: first.machine, runner: hosts.runner });
    const gone: HostRunner = (bin, command, o) =>
      command.args.join(" ") === "plugin marketplace update agent-connector"
        ? { code: 1, output: "marketplace not found" }
        : hosts.runner(bin, command, o);
    hosts.log.length = 0;
    const next = setup(dir, "1.1.0");
    const res = installByMarketplace(next.loaded, { ...base, machine: next.machine, runner: gone });
    assert.equal(res.failed, false, JSON.stringify(res.changes));
    assert.deepEqual(hosts.log.slice(1), [
      `claude plugin marketplace add ${
        join(next.root, "marketplace", "claude-code", "agent-connector")
      }`,
      "claude plugin install acme@agent-connector",
      "claude plugin list --json",
    ]);
    assert.ok(!res.changes.some((c) => c.action === "warn"), JSON.stringify(res.changes));
  });
});
