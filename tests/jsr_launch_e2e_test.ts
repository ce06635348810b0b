// agent-connector installed from JSR, for real and offline: a registry
// stand-in on 127.0.0.1 (JSR_URL) serves this checkout as published; a temp
// HOME and a temp DENO_DIR (sharing only the npm cache). `deno run -A
// jsr:@ken-jo/agent-connector@<version>/main install` writes the home binary,
// then — with the registry stopped — the exact hook command written into
// Claude Code's settings.json gets Claude's native reply: the launcher runs
// the pinned version with --cached-only. The same for a branded CLI: a local
// file importing our CLI from JSR through its own deno.json, or a file run
// from a URL whose connector module is on disk.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import process from "node:process";
import { assertDenied, box, CONNECTOR, hookCommand, runAsync } from "./_helpers/jsr_box.ts";
import { startJsrStandIn } from "./_helpers/jsr_registry.ts";
import { payloadFor } from "./_helpers/payloads.ts";
import { withTempDir } from "./_helpers/temp.ts";
import { PACKAGE_NAME } from "../core/version.ts";
import { parseLauncher } from "../install/home_bin.ts";
import { sha256Checksum } from "../install/local_entry.ts";

const root = new URL("../", import.meta.url).pathname;
const deno = process.execPath;

/** Every .ndjson file's text under `dir`. */
function telemetryText(dir: string): string {
  let out = "";
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".ndjson")) {
      out += readFileSync(join(entry.parentPath, entry.name), "utf8");
    }
  }
  return out;
}

test("installed with deno run jsr:…/main, the hook command runs the pinned version offline", async () => {
  await withTempDir(async (dir) => {
    const b = box(dir);
    try {
      const registry = await startJsrStandIn(deno, root);
      const project = join(dir, "project");
      mkdirSync(project);
      writeFileSync(
        join(project, "agent-connector.config.mjs"),
        CONNECTOR(`jsr:${PACKAGE_NAME}@${registry.version}/sdk`),
      );
      const entry = `jsr:${PACKAGE_NAME}@${registry.version}/main`;
      let install;
      try {
        install = await runAsync(
          deno,
          ["run", "-A", entry, "install", "--targets", "claude-code"],
          {
            cwd: project,
            env: b.env({ JSR_URL: registry.url }),
          },
        );
      } finally {
        await registry.close();
      }
      assert.equal(install.status, 0, install.stdout + install.stderr);
      // The launcher runs that version's pre-linked entry by its registry URL.
      const linked = `${registry.url}${PACKAGE_NAME}/${registry.version}/cli/main_linked.js`;
      assert.ok(
        install.stdout.includes(`+ agent-connector  home binary → ${deno} ${linked}`),
        install.stdout,
      );

      const binPath = join(b.home, ".agent-connector", "bin", "agent-connector");
      const launcher = readFileSync(binPath, "utf8");
      // Hooks run a copy of it in the data root (tests/jsr_local_e2e_test.ts), the URL otherwise.
      const published = registry.served("cli/main_linked.js")!;
      assert.deepEqual(parseLauncher(launcher), {
        runtime: deno,
        runtimeArgs: ["run", "-A", "--quiet", "--cached-only", "--no-lock", "--no-config"],
        entry: linked,
        version: registry.version,
        env: { JSR_URL: registry.url, DENO_DIR: b.denoDir },
        local: {
          path: join(b.home, ".agent-connector", "lib", `main_linked-${registry.version}.js`),
          base: `${registry.url}${PACKAGE_NAME}/${registry.version}/`,
          checksum: sha256Checksum(published),
        },
      });
      // The command line in the host file is the stable home binary, as from npm or a checkout.
      const command = hookCommand(b.settings());
      assert.equal(command, `${binPath} hook claude-code PreToolUse --connector jsr-demo`);

      const seen = registry.requests.length;
      assertDenied(b.hook(command, payloadFor("claude-code", "PreToolUse")), "registry stopped");
      const malformed = b.hook(command, "not json");
      assert.deepEqual([malformed.status, malformed.stdout, malformed.stderr], [0, "", ""]);
      assert.equal(registry.requests.length, seen, "a hook asks the registry for nothing");

      // The server entry runs serve through the home binary, offline too, and its telemetry
      // worker (a node:worker_threads module with an http: URL here) records the call.
      const server = JSON.parse(readFileSync(join(b.home, ".claude.json"), "utf8"))
        .mcpServers["jsr-demo"];
      assert.equal(server.command, binPath);
      const rpc = [
        { jsonrpc: "2.0", id: 1, method: "initialize", params: {} },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: "echo", arguments: { text: "hi" } },
        },
      ].map((m) => JSON.stringify(m) + "\n").join("");
      const served = spawnSync(server.command, server.args, {
        input: rpc,
        encoding: "utf8",
        env: b.hostEnv,
      });
      assert.equal(served.status, 0, served.stderr);
      assert.match(
        served.stdout,
        /"id":2,"result":\{"content":\[\{"type":"text","text":"hi"\}\]\}/,
      );
      const rows = telemetryText(join(b.home, ".agent-connector"));
      assert.match(rows, /"echo"/, "the telemetry worker ran and wrote the tools/call row");

      const doctor = spawnSync(binPath, ["doctor"], { encoding: "utf8", env: b.hostEnv });
      assert.ok(doctor.stdout.includes(`[pass] home binary: ${binPath} → ${deno} ${linked}`));
      assert.match(doctor.stdout, /\[pass\] home binary CLI: agent-connector /);

      // upgrade through the home binary, still offline: the cache answers, nothing changes.
      const before = b.settings();
      const upgrade = spawnSync(binPath, ["upgrade"], { encoding: "utf8", env: b.hostEnv });
      assert.equal(upgrade.status, 0, upgrade.stdout + upgrade.stderr);
      assert.match(upgrade.stdout, /^= agent-connector {2}home binary/m);
      assert.match(upgrade.stdout, /deno run -A jsr:@ken-jo\/agent-connector\/main upgrade/);
      assert.equal(readFileSync(binPath, "utf8"), launcher);
      assert.equal(b.settings(), before);
      assert.equal(registry.requests.length, seen);
    } finally {
      b.release();
    }
  });
});

test("a branded CLI importing agent-connector from JSR records a launcher that runs offline with its deno.json", async () => {
  await withTempDir(async (dir) => {
    const b = box(dir);
    try {
      const registry = await startJsrStandIn(deno, root);
      const brand = join(dir, "acme");
      mkdirSync(brand);
      writeFileSync(
        join(brand, "deno.json"),
        JSON.stringify({
          imports: { "@ken-jo/agent-connector/": `jsr:/${PACKAGE_NAME}@^${registry.version}/` },
        }),
      );
      writeFileSync(
        join(brand, "package.json"),
        JSON.stringify({ name: "@acme/demo", version: "3.0.0", bin: { "acme-demo": "./bin.ts" } }),
      );
      writeFileSync(
        join(brand, "agent-connector.config.mjs"),
        CONNECTOR("@ken-jo/agent-connector/sdk"),
      );
      writeFileSync(
        join(brand, "bin.ts"),
        `import { createConnectorCli } from "@ken-jo/agent-connector/cli";
await createConnectorCli({
  packageJson: new URL("./package.json", import.meta.url),
  connector: new URL("./agent-connector.config.mjs", import.meta.url),
}).main();
`,
      );
      let install;
      try {
        install = await runAsync(
          deno,
          ["run", "-A", join(brand, "bin.ts"), "install", "--targets", "claude-code"],
          { cwd: brand, env: b.env({ JSR_URL: registry.url }) },
        );
      } finally {
        await registry.close();
      }
      assert.equal(install.status, 0, install.stdout + install.stderr);
      const binPath = join(b.home, ".agent-connector", "bin", "agent-connector");
      const target = parseLauncher(readFileSync(binPath, "utf8"))!;
      assert.equal(
        target.entry,
        `${registry.url}${PACKAGE_NAME}/${registry.version}/cli/main_linked.js`,
      );
      assert.deepEqual(target.runtimeArgs.slice(-2), ["--config", join(brand, "deno.json")]);
      assert.ok(target.runtimeArgs.includes("--cached-only"));

      // The connector module's bare import resolves through the brand's deno.json, offline.
      const command = hookCommand(b.settings());
      assertDenied(b.hook(command, payloadFor("claude-code", "PreToolUse")), "registry stopped");
    } finally {
      b.release();
    }
  });
});

test("a branded CLI run from a URL, with its connector module on disk, records a launcher that runs offline without a config", async () => {
  await withTempDir(async (dir) => {
    const b = box(dir);
    try {
      const registry = await startJsrStandIn(deno, root);
      const config = join(dir, "agent-connector.config.mjs");
      writeFileSync(config, CONNECTOR(`jsr:${PACKAGE_NAME}@${registry.version}/sdk`));
      // A remote module has no import map: it names our CLI by its full specifier.
      const cli = `jsr:${PACKAGE_NAME}@${registry.version}/cli`;
      const bin = `import { createConnectorCli } from ${JSON.stringify(cli)};
await createConnectorCli({
  packageJson: { name: "@acme/demo", version: "3.0.0", bin: { "acme-demo": "./bin.ts" } },
  connector: ${JSON.stringify(config)},
}).main();
`;
      const brandHost = createServer((req, res) => {
        if (req.url !== "/acme/bin.ts") return void res.writeHead(404).end();
        res.writeHead(200, { "content-type": "application/typescript" }).end(bin);
      });
      await new Promise<void>((resolve) => brandHost.listen(0, "127.0.0.1", resolve));
      const { port } = brandHost.address() as AddressInfo;
      let install;
      try {
        install = await runAsync(
          deno,
          [
            "run",
            "-A",
            `http://127.0.0.1:${port}/acme/bin.ts`,
            "install",
            "--targets",
            "claude-code",
          ],
          { cwd: dir, env: b.env({ JSR_URL: registry.url }) },
        );
      } finally {
        await registry.close();
        brandHost.closeAllConnections();
        await new Promise<void>((resolve) => brandHost.close(() => resolve()));
      }
      assert.equal(install.status, 0, install.stdout + install.stderr);
      const binPath = join(b.home, ".agent-connector", "bin", "agent-connector");
      const target = parseLauncher(readFileSync(binPath, "utf8"))!;
      assert.equal(
        target.entry,
        `${registry.url}${PACKAGE_NAME}/${registry.version}/cli/main_linked.js`,
      );
      assert.equal(target.runtimeArgs.at(-1), "--no-config");
      assert.ok(target.runtimeArgs.includes("--cached-only"));
      const command = hookCommand(b.settings());
      assert.equal(command, `${binPath} hook claude-code PreToolUse --connector jsr-demo`);
      assertDenied(b.hook(command, payloadFor("claude-code", "PreToolUse")), "servers stopped");
    } finally {
      b.release();
    }
  });
});
