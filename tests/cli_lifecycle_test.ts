/**
 * detect, install, upgrade, doctor, status, uninstall and action through the
 * CLI, on real files in a temporary HOME.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";
import { readConnectorRecord } from "../io/connector_record.ts";
import { HOST_IDS } from "../core/platform_types.ts";
import { registryEntry } from "../adapters/registry.ts";

const MOD = pathToFileURL(join(REPO, "mod.ts")).href;

/** A sandbox with a HOME (Claude Code installed) and a connector module outside the repo. */
function sandbox(config: string, opts: { claude?: boolean } = {}) {
  const base = mkdtempSync(join(tmpdir(), "ac-cli-"));
  const home = join(base, "home");
  const pkg = join(base, "pkg");
  mkdirSync(home);
  if (opts.claude !== false) mkdirSync(join(home, ".claude"));
  mkdirSync(pkg);
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "acme-db", version: "1.0.0" }));
  writeFileSync(
    join(pkg, "agent-connector.config.mjs"),
    `import { defineConnector } from ${
      JSON.stringify(MOD)
    };\nexport default defineConnector(${config});\n`,
  );
  const host = {
    home,
    env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
    cwd: pkg,
  };
  const cli = (...argv: string[]) => runCliCaptured(argv, host);
  return { base, home, pkg, cli, done: () => rmSync(base, { recursive: true, force: true }) };
}

const BASIC = `{
  server: { transport: "stdio", command: "acme-mcp" },
  hooks: { Stop: { handler: () => ({ decision: "deny", reason: "not yet" }) } },
  statusline: { render: () => "acme" },
  actions: [
    { id: "greet", run: (ctx) => ({ message: "hello " + ctx.host + " " + ctx.args.join(",") }) },
    { id: "boom", run: () => { throw new Error("no database"); } },
  ],
}`;

test("detect finds nothing in an empty HOME and Claude Code once ~/.claude exists", async () => {
  const s = sandbox(BASIC, { claude: false });
  try {
    assert.match((await s.cli("detect")).stdout, /No supported host found/);
    mkdirSync(join(s.home, ".claude"));
    const run = await s.cli("detect");
    assert.match(
      run.stdout,
      /^Claude Code \(claude-code\) {2}json-stdio, user: ~\/\.claude\.json$/m,
    );
    const json = JSON.parse((await s.cli("detect", "--json")).stdout);
    assert.equal(json.find((d: { id: string }) => d.id === "claude-code").installed, true);
  } finally {
    s.done();
  }
});

test("install refuses unknown targets as usage errors and reports hosts it has no adapter for", async () => {
  const s = sandbox(BASIC);
  try {
    const bad = await s.cli("install", "--targets", "claude-code,nope");
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown target "nope"/);
    // A host id of spec §6 with no adapter yet, while there is one.
    const unbuilt = HOST_IDS.find((id) => !registryEntry(id));
    if (unbuilt) {
      const missing = await s.cli("install", "--targets", unbuilt, "--dry-run");
      assert.equal(missing.code, 1);
      assert.match(
        missing.stdout,
        new RegExp(`! ${unbuilt} {2}no ${unbuilt} adapter in this version`),
      );
    }
  } finally {
    s.done();
  }
});

test("install and upgrade refuse a --project folder that does not exist instead of creating it", async () => {
  const s = sandbox(BASIC);
  try {
    const typo = join(s.base, "my-projcet");
    const connector = join(s.pkg, "agent-connector.config.mjs");
    for (const command of ["install", "upgrade"]) {
      const run = await s.cli(
        command,
        "--scope",
        "project",
        "--project",
        typo,
        "--connector",
        connector,
      );
      assert.equal(run.code, 2, command);
      assert.equal(run.stdout, "", command);
      assert.match(run.stderr, new RegExp(`${command}: --project ".*my-projcet" is not a folder`));
      assert.equal(existsSync(typo), false, command);
    }
  } finally {
    s.done();
  }
});

test("uninstall --purge with nothing registered removes the home binary an upgrade left", async () => {
  const s = sandbox(BASIC);
  try {
    const empty = join(s.base, "elsewhere");
    mkdirSync(empty);
    const host = {
      home: s.home,
      env: { HOME: s.home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      cwd: empty,
    };
    const cli = (...argv: string[]) => runCliCaptured(argv, host);
    await cli("upgrade");
    const bin = join(s.home, ".agent-connector", "bin", "agent-connector");
    assert.equal(existsSync(bin), true, "upgrade wrote the home binary");
    const plain = await cli("uninstall");
    assert.equal(plain.code, 1, "without --purge there is nothing to act on");
    assert.equal(existsSync(bin), true);
    const run = await cli("uninstall", "--purge");
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /home binary removed \(no connector left\)/);
    assert.equal(existsSync(join(s.home, ".agent-connector", "bin")), false);
  } finally {
    s.done();
  }
});

test("install with nothing detected fails with a hint", async () => {
  const s = sandbox(BASIC, { claude: false });
  try {
    const run = await s.cli("install");
    assert.equal(run.code, 1);
    assert.match(run.stdout, /no supported host detected; pass --targets/);
  } finally {
    s.done();
  }
});

test("a status line the user owns is never clobbered: ! with the manual edit, exit 1", async () => {
  const s = sandbox(BASIC);
  try {
    copyFileSync(
      join(REPO, "tests/fixtures/hosts/claude-code/seed/statusline-settings.json"),
      join(s.home, ".claude", "settings.json"),
    );
    const before = readFileSync(join(s.home, ".claude", "settings.json"), "utf8");
    const run = await s.cli("install");
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^! claude-code {2}.*statusLine.*/m);
    const after = JSON.parse(readFileSync(join(s.home, ".claude", "settings.json"), "utf8"));
    assert.equal(after.statusLine.command, "~/.claude/statusline.sh");
    assert.ok(after.hooks.Stop, "the rest still installs");
    await s.cli("uninstall", "--connector-id", "acme-db");
    assert.equal(readFileSync(join(s.home, ".claude", "settings.json"), "utf8"), before);
  } finally {
    s.done();
  }
});

test("a configPatch key on the Claude Code denylist is refused at install", async () => {
  const s = sandbox(
    `{ platforms: { "claude-code": { configPatch: [{ key: "env.GITHUB_TOKEN", value: "x", reason: "r" }] } } }`,
  );
  try {
    const run = await s.cli("install");
    assert.equal(run.code, 1);
    assert.match(run.stdout, /denylist/);
  } finally {
    s.done();
  }
});

test("doctor passes after install, FAILs a removed hook and a moved module, and --heal fixes what it can", async () => {
  const s = sandbox(BASIC);
  try {
    assert.equal((await s.cli("install")).code, 0);
    const ok = await s.cli("doctor");
    assert.equal(ok.code, 0, ok.stdout);
    assert.doesNotMatch(ok.stdout, /\[(warn|FAIL)\]/);
    assert.match(ok.stdout, /\[pass\] home binary CLI: agent-connector/);
    assert.match(ok.stdout, /^ {2}\[pass\] acme-db @ claude-code \(user\): hook Stop: ok$/m);

    const settingsPath = join(s.home, ".claude", "settings.json");
    const settings = JSON.parse(readFileSync(settingsPath, "utf8"));
    delete settings.hooks;
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
    const broken = await s.cli("doctor");
    assert.equal(broken.code, 1);
    assert.match(broken.stdout, /\[FAIL\] acme-db @ claude-code \(user\): hook Stop/);
    assert.match((await s.cli("doctor", "--heal", "--dry-run")).stdout, /Would heal:/);
    const healed = await s.cli("doctor", "--heal");
    assert.match(healed.stdout, /Healed 1 of 1 finding/);
    assert.equal(healed.code, 0);

    const explained = await s.cli("doctor", "--explain");
    assert.match(explained.stdout, /acme-db claude-code Stop: honored/);
    // --json stays one JSON document whatever else is asked; --targets narrows --explain.
    const explainedJson = await s.cli("doctor", "--explain", "--json", "--targets", "claude-code");
    const body = JSON.parse(explainedJson.stdout);
    assert.ok(Array.isArray(body.findings));
    assert.ok(body.explain.length > 0);
    assert.ok(body.explain.every((r: { host: string }) => r.host === "claude-code"));
    assert.ok(
      body.explain.some((r: { connector: string; event: string; support: string }) =>
        r.connector === "acme-db" && r.event === "Stop" && r.support === "honored"
      ),
    );
    assert.doesNotMatch(
      (await s.cli("doctor", "--explain", "--targets", "claude-code")).stdout,
      / codex /,
    );
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
    const dry = await s.cli("doctor", "--heal", "--dry-run", "--json");
    assert.ok(Array.isArray(JSON.parse(dry.stdout)), dry.stdout);
    await s.cli("doctor", "--heal");

    renameSync(join(s.pkg, "agent-connector.config.mjs"), join(s.pkg, "moved.mjs"));
    const gone = await runCliCaptured(["doctor"], {
      home: s.home,
      env: { HOME: s.home },
      cwd: s.home,
    });
    assert.equal(gone.code, 1);
    assert.match(gone.stdout, /\[FAIL\] acme-db: module: .* is gone/);
  } finally {
    s.done();
  }
});

test("doctor --heal counts a healed server as healed although the host keeps a note about that server", async () => {
  // Cursor has no per-server timeout: every check of this server also carries
  // a standing "timeoutMs not written" note under the same name.
  const s = sandbox(`{ server: { transport: "stdio", command: "acme-mcp", timeoutMs: 30000 } }`);
  try {
    mkdirSync(join(s.home, ".cursor"));
    assert.equal((await s.cli("install", "--targets", "cursor")).code, 0);
    const mcpPath = join(s.home, ".cursor", "mcp.json");
    const mcp = JSON.parse(readFileSync(mcpPath, "utf8"));
    delete mcp.mcpServers["acme-db"];
    writeFileSync(mcpPath, JSON.stringify(mcp, null, 2));
    const broken = await s.cli("doctor");
    // Each line names its subject once: the check, then the verdict.
    assert.match(
      broken.stdout,
      /^ {2}\[FAIL\] acme-db @ cursor \(user\): MCP server acme-db: missing: would be added \(in ~\/\.cursor\/mcp\.json\)$/m,
    );
    assert.match(
      broken.stdout,
      /^ {2}\[warn\] acme-db @ cursor \(user\): MCP server acme-db: attention: server\.timeoutMs not written — /m,
    );
    const healed = await s.cli("doctor", "--heal");
    assert.match(healed.stdout, /Healed 1 of 1 finding/);
    assert.doesNotMatch(healed.stdout, /still failing/);
    assert.equal(healed.code, 0);
  } finally {
    s.done();
  }
});

test("status shows each host's connectors and always exits 0", async () => {
  const s = sandbox(BASIC);
  try {
    await s.cli("install");
    assert.match(
      (await s.cli("status")).stdout,
      /^claude-code \(user\) {2}acme-db: server ✓ hooks ✓$/m,
    );
    writeFileSync(join(s.home, ".claude", "settings.json"), "{ broken");
    const run = await s.cli("status");
    assert.equal(run.code, 0);
    assert.match(run.stdout, /acme-db: server ✓ hooks ✗/);
  } finally {
    s.done();
  }
});

test("status lists on each host only the connectors installed there", async () => {
  // Spec §3: one line per host showing which connectors are present. A connector
  // installed into Cursor alone was listed on Claude Code as "server ✗ hooks ✗".
  const s = sandbox(BASIC);
  try {
    mkdirSync(join(s.home, ".cursor"));
    await s.cli("install", "--targets", "claude-code");
    const other = join(s.base, "other");
    mkdirSync(other);
    writeFileSync(join(other, "package.json"), JSON.stringify({ name: "notes", version: "1.0.0" }));
    writeFileSync(
      join(other, "agent-connector.config.mjs"),
      `import { defineConnector } from ${JSON.stringify(MOD)};\n` +
        `export default defineConnector({ server: { transport: "stdio", command: "notes-mcp" } });\n`,
    );
    const notes = await s.cli("install", "--targets", "cursor", "--connector", other);
    assert.equal(notes.code, 0, notes.stderr);
    const run = await s.cli("status");
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^claude-code \(user\) {2}acme-db: server ✓ hooks ✓$/m);
    assert.match(run.stdout, /^cursor \(user\) {2}notes: server ✓ hooks ✗$/m);
    const json = JSON.parse((await s.cli("status", "--json")).stdout);
    assert.deepEqual(
      json.map((r: { host: string; connectors: { id: string }[] }) => [
        r.host,
        r.connectors.map((c) => c.id),
      ]),
      [["claude-code", ["acme-db"]], ["cursor", ["notes"]]],
    );
    // A host with nothing of ours still gets its line.
    await s.cli("uninstall", "--connector-id", "notes");
    assert.match((await s.cli("status")).stdout, /^cursor \(user\) {2}no connectors$/m);
  } finally {
    s.done();
  }
});

test("install --scope project --project <app> run from the connector's package finds its config there", async () => {
  // The README: "from your package (the config is found by walking up from the current
  // folder)". With --project naming the app, only the app was searched, and the install
  // failed with 'No agent-connector.config.mjs … in "<app>"'.
  const s = sandbox(BASIC);
  try {
    const app = join(s.base, "app");
    mkdirSync(app);
    const run = await s.cli("install", "--scope", "project", "--project", app);
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    assert.doesNotMatch(run.stderr, /No agent-connector\.config/);
    assert.equal(existsSync(join(app, ".mcp.json")), true);
    // Found in neither place: the message names both folders.
    const elsewhere = await runCliCaptured(["install", "--scope", "project", "--project", app], {
      home: s.home,
      env: { HOME: s.home, PATH: process.env.PATH ?? "" },
      cwd: s.base,
    });
    assert.equal(elsewhere.code, 1);
    assert.match(elsewhere.stderr, /in ".*app" or any parent folder, nor in ".*" or any parent/);
  } finally {
    s.done();
  }
});

test("install warns about a relative server path, which hosts resolve from their own folder", async () => {
  // A relative args entry was written verbatim; the host starts the server from its
  // own working folder (Claude Code: the project), where "./dist/server.mjs" is not found.
  const s = sandbox(`{
    server: { transport: "stdio", command: "node", args: ["./dist/server.mjs", "--port", "./x"] },
  }`);
  try {
    mkdirSync(join(s.pkg, "dist"));
    writeFileSync(join(s.pkg, "dist", "server.mjs"), "");
    const run = await s.cli("install", "--dry-run");
    assert.equal(run.code, 1, run.stdout);
    const warnings = run.stdout.split("\n").filter((l) => l.startsWith("! server"));
    assert.deepEqual(warnings, [
      `! server.args[0]: "./dist/server.mjs" is a relative path, but hosts start the server ` +
      `from their own working folder — write the absolute path ${
        join(s.pkg, "dist", "server.mjs")
      }`,
      `! server.args[2]: "./x" is a relative path, but hosts start the server from their own ` +
      `working folder — write an absolute path (there is no ${join(s.pkg, "x")} either)`,
    ]);
    const json = JSON.parse((await s.cli("install", "--dry-run", "--json")).stdout);
    assert.equal(json.warnings.filter((w: string) => w.startsWith("server.args")).length, 2);
  } finally {
    s.done();
  }
});

test("install after the package is renamed says the old id is still installed from the same config", async () => {
  // The id comes from package.json: renaming the package made upgrade register the
  // server again under the new id and leave the old one in every host, silently.
  const s = sandbox(BASIC);
  try {
    await s.cli("install");
    writeFileSync(
      join(s.pkg, "package.json"),
      JSON.stringify({ name: "acme-warehouse", version: "1.1.0" }),
    );
    for (const command of ["upgrade", "install"]) {
      const run = await s.cli(command);
      assert.equal(run.code, 1, `${command}: ${run.stdout}`);
      assert.ok(
        run.stdout.includes(
          `! connector "acme-db" is still installed from this config ` +
            `(${join(s.pkg, "agent-connector.config.mjs")}), which now declares ` +
            `"acme-warehouse" — remove the old one: agent-connector uninstall --connector-id acme-db`,
        ),
        `${command}: ${run.stdout}`,
      );
    }
    await s.cli("uninstall", "--connector-id", "acme-db");
    const clean = await s.cli("install");
    assert.equal(clean.code, 0, clean.stdout);
  } finally {
    s.done();
  }
});

test("upgrade re-renders as a no-op, re-stamps the record and names the manual update", async () => {
  const s = sandbox(BASIC);
  try {
    await s.cli("install");
    const recordPath = join(s.home, ".agent-connector", "connectors", "acme-db", "connector.json");
    const record = JSON.parse(readFileSync(recordPath, "utf8"));
    writeFileSync(recordPath, JSON.stringify({ ...record, frameworkVersion: "0.0.1" }));
    assert.match(
      (await s.cli("doctor")).stdout,
      /\[warn\] acme-db: framework version: rendered by 0\.0\.1/,
    );
    for (const verb of ["upgrade", "update", "sync"]) {
      const run = await s.cli(verb);
      assert.equal(run.code, 0, run.stdout);
      assert.doesNotMatch(run.stdout, /^[+~-] claude-code/m);
      assert.match(run.stdout, /To update agent-connector itself/);
    }
    assert.notEqual(
      readConnectorRecord(join(s.home, ".agent-connector"), "acme-db")?.frameworkVersion,
      "0.0.1",
    );
    const toolOnly = await runCliCaptured(["upgrade"], {
      home: s.home,
      env: { HOME: s.home },
      cwd: s.home,
    });
    assert.equal(toolOnly.code, 0, toolOnly.stdout);
    assert.match(toolOnly.stdout, /= claude-code {2}hook Stop/);
  } finally {
    s.done();
  }
});

test("uninstall works from the record when the connector module is gone", async () => {
  const s = sandbox(BASIC);
  try {
    const before = readFileSync(
      join(REPO, "tests/fixtures/hosts/claude-code/seed/settings.json"),
      "utf8",
    );
    writeFileSync(join(s.home, ".claude", "settings.json"), before);
    await s.cli("install");
    rmSync(join(s.pkg, "agent-connector.config.mjs"));
    const run = await runCliCaptured(["uninstall", "acme-db"], {
      home: s.home,
      env: { HOME: s.home },
      cwd: s.home,
    });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(readFileSync(join(s.home, ".claude", "settings.json"), "utf8"), before);
    assert.equal(existsSync(join(s.home, ".claude.json")), false, "the file we created is gone");
  } finally {
    s.done();
  }
});

test("action runs a registered action, and reports an unknown id or a failing run with exit 1", async () => {
  const s = sandbox(BASIC);
  try {
    await s.cli("install");
    const ok = await s.cli("action", "claude-code", "greet", "--connector", "acme-db", "a", "b");
    assert.deepEqual([ok.code, ok.stdout, ok.stderr], [0, "hello claude-code a,b\n", ""]);
    const boom = await s.cli("action", "claude-code", "boom", "--connector", "acme-db");
    assert.deepEqual([boom.code, boom.stdout, boom.stderr], [
      1,
      "",
      'Action "boom" failed: no database\n',
    ]);
    const unknown = await s.cli("action", "claude-code", "nope", "--connector", "acme-db");
    assert.equal(unknown.code, 1);
    assert.match(
      unknown.stderr,
      /Unknown action "nope" for connector "acme-db" \(known: greet, boom\)/,
    );
  } finally {
    s.done();
  }
});

test("doctor --probe reports each probe finding, or says the probe is not in this build", async () => {
  const s = sandbox(BASIC);
  try {
    await s.cli("install");
    const run = await s.cli("doctor", "--probe", "--json");
    const findings = JSON.parse(run.stdout) as Array<{ check: string; status: string }>;
    const probe = findings.filter((f) => /probe/.test(f.check));
    assert.ok(probe.length > 0, "a probe finding is reported");
    if (probe.some((f) => f.status === "fail")) {
      assert.equal(run.code, 1, "a FAILed probe fails doctor");
    }
  } finally {
    s.done();
  }
});

test("platforms[id].scope forces the scope on that host", async () => {
  const s = sandbox(
    `{ server: { transport: "stdio", command: "acme-mcp" }, platforms: { "claude-code": { scope: "project" } } }`,
  );
  try {
    const run = await s.cli("install", "--scope", "user");
    assert.equal(run.code, 0, run.stdout);
    assert.equal(existsSync(join(s.pkg, ".mcp.json")), true);
    assert.equal(existsSync(join(s.home, ".claude.json")), false);
  } finally {
    s.done();
  }
});
