/**
 * A connector's whole life with a secret, through the real CLI and a real
 * Secret Service (issue 8, "Done when"): `install` warns about what is not
 * set yet; `secrets set` stores the values; `install` renders the server
 * into Claude Code, Codex, Gemini CLI and Qwen Code; each host's own command
 * line (read back from its file) starts `serve`, which starts a real test
 * server that reports whether each variable arrived (never its value) and
 * leaves telemetry rows; `doctor` checks the secrets; `uninstall` and
 * `uninstall --purge` give the host files back byte for byte and leave the
 * secrets alone. Then every file under HOME (the data root included) and
 * every byte of output is searched for the values — in plain text, hex and
 * base64 — and they are found nowhere but in the keystore, with planted
 * copies proving the search finds them.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseToml } from "smol-toml";
import { cliCommand } from "./_helpers/cli_process.ts";
import { nodeExecutable } from "./_helpers/mcp_peers.ts";
import { denoDirEnv, REPO } from "./_helpers/runtime.ts";
import { startRaw } from "./serve/_raw_client.ts";
import {
  SECRET_SERVICE_SKIP,
  type SecretServiceSession,
  startSecretService,
} from "./_helpers/secret_service.ts";

const skip = SECRET_SERVICE_SKIP ?? false;
// Letters, digits and "!-" only: JSON, TOML and shell quoting leave it as is,
// so a plain-text search also finds an escaped copy.
const VALUE = "Lifecycle-Pa55word-k7Q2x!";
const TOKEN = "api-tok-3f9a1c77e2b0d4";
const SERVER = fileURLToPath(new URL("./fixtures/secrets/env_mcp_server.mjs", import.meta.url));
const HOSTS = ["claude-code", "codex", "gemini-cli", "qwen-code"] as const;
type Host = typeof HOSTS[number];

let session: SecretServiceSession;
let home: string;
let pkg: string;
let dataRoot: string;
/** Every stdout and stderr of every process, and every MCP reply. */
const outputs: string[] = [];

/** The user's own host files before install (Qwen Code's does not exist yet). */
const SEED: Record<string, string> = {
  ".claude.json":
    '{\n  "theme": "dark",\n  "mcpServers": {\n    "mine": { "command": "mine" }\n  }\n}\n',
  ".codex/config.toml": '# my settings\nmodel = "o3"\n\n[mcp_servers.mine]\ncommand = "mine"\n',
  ".gemini/settings.json": '{\n\t"theme": "GitHub"\n}\n',
};

const HOST_FILE: Record<Host, string> = {
  "claude-code": ".claude.json",
  codex: ".codex/config.toml",
  "gemini-cli": ".gemini/settings.json",
  "qwen-code": ".qwen/settings.json",
};

before(async () => {
  if (skip) return;
  session = (await startSecretService())!;
  home = session.home;
  dataRoot = join(home, ".agent-connector");
  for (const dir of [".claude", ".codex", ".gemini", ".qwen"]) mkdirSync(join(home, dir));
  for (const [rel, text] of Object.entries(SEED)) writeFileSync(join(home, rel), text);
  pkg = join(home, "src", "acme-db");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), '{ "name": "acme-db", "version": "1.0.0" }\n');
  writeFileSync(
    join(pkg, "agent-connector.config.mjs"),
    `import { defineConnector } from ${JSON.stringify(pathToFileURL(join(REPO, "mod.ts")).href)};
export default defineConnector({
  id: "acme-db",
  server: {
    transport: "stdio",
    command: ${JSON.stringify(nodeExecutable())},
    args: [${JSON.stringify(SERVER)}, "DB_URL", "API_TOKEN", "DB_USER"],
    env: {
      DB_URL: "pg://\${env:DB_USER}:\${secret:db-pass}@db/app",
      API_TOKEN: "\${secret:api-token}",
    },
  },
});
`,
  );
});
after(async () => {
  if (!skip) await session.stop();
});

/** The user's environment: the keystore session, and DB_USER unless `withoutDbUser`. */
function userEnv(withoutDbUser = false): Record<string, string> {
  return { ...session.env, ...denoDirEnv(), ...(withoutDbUser ? {} : { DB_USER: "app" }) };
}

/** Runs the real CLI as a process from the connector's folder. */
function cli(argv: string[], opts: { input?: string; env?: Record<string, string> } = {}) {
  const [file, ...args] = cliCommand(argv);
  const run = spawnSync(file, args, {
    cwd: pkg,
    input: opts.input ?? "",
    env: opts.env ?? userEnv(),
    encoding: "utf8",
  });
  outputs.push(run.stdout, run.stderr);
  return run;
}

const bangs = (stdout: string) => stdout.split("\n").filter((l) => l.startsWith("! "));
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The server entry each host reads, from the host's own file. */
function hostEntry(
  host: Host,
): { command: string; args: string[]; env?: Record<string, string>; env_vars?: string[] } {
  const text = readFileSync(join(home, HOST_FILE[host]), "utf8");
  const doc = host === "codex" ? parseToml(text) : JSON.parse(text);
  // deno-lint-ignore no-explicit-any
  return ((doc as any).mcpServers ?? (doc as any).mcp_servers)["acme-db"];
}

/** `${VAR}` and `${VAR:-default}` in a JSON host's env block, as those hosts expand them. */
function expandHostRefs(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_, name, fallback) => env[name] || fallback || "",
  );
}

/**
 * The environment a host gives the server process. Claude Code, Gemini CLI
 * and Qwen Code pass their own environment plus the entry's `env`. Codex
 * passes a fixed list of variables plus the entry's `env_vars` and `env`
 * (HOSTS.md §codex); the keystore's session bus rides along here because the
 * test's private bus stands in for the user's /run/user/<uid>/bus.
 */
function hostLaunchEnv(host: Host, entry: ReturnType<typeof hostEntry>): Record<string, string> {
  const parent = userEnv();
  if (host !== "codex") {
    const env = { ...parent };
    for (const [k, v] of Object.entries(entry.env ?? {})) env[k] = expandHostRefs(v, parent);
    return env;
  }
  const env: Record<string, string> = {};
  const passed = ["HOME", "LOGNAME", "PATH", "SHELL", "USER", "LANG", "LC_ALL", "TERM", "TMPDIR"];
  const testOnly = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "DENO_DIR"];
  for (const name of [...passed, ...testOnly, ...entry.env_vars ?? []]) {
    if (parent[name] !== undefined) env[name] = parent[name];
  }
  return { ...env, ...entry.env };
}

/** Every regular file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat?.isDirectory() ? filesUnder(path) : stat?.isFile() ? [path] : [];
  });
}

/** A secret as it could appear: its UTF-8 and UTF-16 bytes, hex, and base64 at each alignment. */
function forms(secret: string): Buffer[] {
  const bytes = Buffer.from(secret);
  const out = [bytes, Buffer.from(secret, "utf16le"), Buffer.from(bytes.toString("hex"))];
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString("base64");
    out.push(Buffer.from(b64.slice(k ? 4 : 0, Math.floor((k + bytes.length) / 3) * 4)));
  }
  return out;
}

/** Where any form of a secret occurs: file paths and `output #<n>`. */
function leaks(): string[] {
  const needles = [VALUE, TOKEN].flatMap(forms);
  const found = (bytes: Buffer) => needles.some((n) => bytes.includes(n));
  const keystore = join(home, ".local", "share", "keyrings");
  const places = filesUnder(home)
    .filter((f) => !f.startsWith(keystore + "/") && found(readFileSync(f)))
    .map((f) => f.slice(home.length + 1));
  outputs.forEach((o, i) => found(Buffer.from(o ?? "")) && places.push(`output #${i}`));
  return places;
}

const snapshot = (dir: string) =>
  new Map(filesUnder(dir).map((f) => [f.slice(dir.length), readFileSync(f, "utf8")]));

test("install warns about each unset secret and unset ${env:VAR} in it, and writes no value", {
  skip,
}, () => {
  const run = cli(["install", "--targets", HOSTS.join(",")], { env: userEnv(true) });
  assert.equal(run.status, 1, run.stderr);
  assert.deepEqual(bangs(run.stdout), [
    '! secret "db-pass" is not set — run `secrets set db-pass --connector-id acme-db`',
    '! secret "api-token" is not set — run `secrets set api-token --connector-id acme-db`',
    "! server.env.DB_URL: ${env:DB_USER} is not set and has no default — the serve wrapper " +
    "would expand it to an empty fragment at launch (set DB_USER, or write ${env:DB_USER:-<default>})",
  ]);
  for (const host of HOSTS) {
    assert.match(run.stdout, new RegExp(`^\\+ ${host} {2}MCP server acme-db: added`, "m"));
  }
});

test(
  "secrets set stores both values in the Secret Service, and install is then clean",
  { skip },
  () => {
    const set = cli(["secrets", "set", "db-pass", "--connector-id", "acme-db"], {
      input: `${VALUE}\n`,
    });
    assert.equal(set.status, 0, set.stderr);
    const token = cli(["secrets", "set", "api-token", "--stdin"], { input: TOKEN });
    assert.equal(token.status, 0, token.stderr);
    const list = JSON.parse(cli(["secrets", "list", "--json"]).stdout);
    assert.deepEqual(
      list.map((
        e: { name: string; backend: string; present: boolean },
      ) => [e.name, e.backend, e.present]),
      [["db-pass", "secret-service", true], ["api-token", "secret-service", true]],
    );

    const again = cli(["install", "--targets", HOSTS.join(",")]);
    assert.equal(again.status, 0, again.stdout);
    assert.deepEqual(bangs(again.stdout), []);
    assert.match(again.stdout, /0 created, 0 updated, 0 removed, \d+ unchanged, 0 warnings\n$/);
  },
);

test(
  "each host's own command line starts serve, which hands the server its secrets",
  { skip },
  async () => {
    const url = `pg://app:${VALUE}@db/app`;
    const expected = {
      DB_URL: { present: true, length: url.length, sha256: sha256(url) },
      API_TOKEN: { present: true, length: TOKEN.length, sha256: sha256(TOKEN) },
      DB_USER: { present: true, length: 3, sha256: sha256("app") },
    };
    for (const host of HOSTS) {
      const entry = hostEntry(host);
      assert.equal(entry.command, join(dataRoot, "bin", "agent-connector"), host);
      assert.ok(
        entry.args.includes("DB_URL=pg://{env:DB_USER}:{secret:db-pass}@db/app") &&
          entry.args.includes("API_TOKEN={secret:api-token}"),
        `${host}: ${entry.args.join(" ")}`,
      );
      const session = startRaw([entry.command, ...entry.args], hostLaunchEnv(host, entry));
      const init = await session.request(1, "initialize", {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: host, version: "1.0.0" },
      });
      assert.equal((init.result as { serverInfo: { name: string } }).serverInfo.name, "env-report");
      session.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      await session.request(2, "tools/list");
      const call = await session.request(3, "tools/call", { name: "env_report", arguments: {} });
      const text = (call.result as { content: { text: string }[] }).content[0].text;
      session.child.stdin.end();
      const exit = await session.exited;
      outputs.push(session.stdout().toString("utf8"), session.stderr());
      assert.deepEqual(JSON.parse(text), expected, host);
      assert.equal(exit.code, 0, `${host}: ${session.stderr()}`);
    }

    const rows = filesUnder(join(dataRoot, "telemetry", "events"))
      .flatMap((f) => readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)))
      .filter((r) => r.connectorId === "acme-db" && r.scope === "call");
    assert.deepEqual(rows.map((r) => r.hostPlatform).sort(), [...HOSTS].sort());
    for (const row of rows) {
      assert.equal(row.toolName, "env_report");
      assert.equal(row.isError, false);
      assert.ok(row.outputTokens > 0, JSON.stringify(row));
    }
  },
);

test(
  "doctor checks the secrets in the keystore: pass, then warn naming the missing one",
  { skip },
  () => {
    const secretsCheck = () => {
      const run = cli(["doctor", "--json"]);
      assert.equal(run.status, 0, run.stdout + run.stderr);
      return JSON.parse(run.stdout).find((f: { check: string }) => f.check === "acme-db: secrets");
    };
    assert.deepEqual(secretsCheck(), {
      check: "acme-db: secrets",
      status: "pass",
      message: "2 secret(s) present in secret-service",
    });
    assert.equal(cli(["secrets", "delete", "api-token"]).status, 0);
    const missing = secretsCheck();
    assert.equal(missing.status, "warn");
    assert.equal(missing.message, "not set: api-token");
    assert.equal(cli(["secrets", "set", "api-token"], { input: TOKEN }).status, 0);
  },
);

test("uninstall gives every host file back byte for byte; --purge leaves the secrets alone", {
  skip,
}, () => {
  const secretsBefore = snapshot(join(dataRoot, "secrets"));
  const run = cli(["uninstall", "--connector-id", "acme-db"]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  for (const [rel, text] of Object.entries(SEED)) {
    assert.equal(readFileSync(join(home, rel), "utf8"), text, rel);
  }
  assert.equal(existsSync(join(home, HOST_FILE["qwen-code"])), false);
  assert.equal(existsSync(join(home, ".qwen")), true, "a folder the user had stays");

  const purge = cli(["uninstall", "--connector-id", "acme-db", "--purge"]);
  assert.equal(purge.status, 0, purge.stdout + purge.stderr);
  assert.equal(existsSync(join(dataRoot, "connectors", "acme-db")), false);
  assert.equal(existsSync(join(dataRoot, "bin", "agent-connector")), false);
  assert.deepEqual(snapshot(join(dataRoot, "secrets")), secretsBefore);
  const list = JSON.parse(cli(["secrets", "list", "--connector-id", "acme-db", "--json"]).stdout);
  assert.deepEqual(
    list.map((e: { name: string; present: boolean }) => [e.name, e.present]),
    [["db-pass", true], ["api-token", true]],
  );
});

test("the values are nowhere but in the keystore: no file under HOME, no output", { skip }, () => {
  assert.ok(filesUnder(join(home, ".local", "share", "keyrings")).length > 0, "the keystore");
  assert.ok(outputs.length > 30, `${outputs.length} outputs searched`);
  // Controls: one planted copy per form the search must find, then none else.
  const plantDir = join(home, "control", "deep");
  mkdirSync(plantDir, { recursive: true });
  writeFileSync(join(plantDir, "plain.json"), JSON.stringify({ password: VALUE }));
  writeFileSync(join(plantDir, "basic.txt"), Buffer.from(`app:${TOKEN}`).toString("base64"));
  outputs.push(`token ${Buffer.from(VALUE).toString("hex")}`);
  try {
    assert.deepEqual(leaks(), [
      "control/deep/basic.txt",
      "control/deep/plain.json",
      `output #${outputs.length - 1}`,
    ]);
  } finally {
    outputs.pop();
    rmSync(join(home, "control"), { recursive: true });
  }
  assert.deepEqual(leaks(), []);
});
