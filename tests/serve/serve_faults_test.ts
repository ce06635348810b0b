/**
 * `serve` under faults: the server crashes, writes a non-JSON line, outlives
 * the host, cannot be started; the host signals or closes stdin.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { cliCommand } from "../_helpers/cli_process.ts";
import { nodeExecutable } from "../_helpers/mcp_peers.ts";
import { startRaw } from "./_raw_client.ts";
import { openSecretStore } from "../../secrets/store.ts";

const FAKE = fileURLToPath(new URL("../fixtures/serve/fake_server.mjs", import.meta.url));
const PRINT_ENV = fileURLToPath(new URL("../fixtures/serve/print_env.mjs", import.meta.url));
const PRINT_ARGV = fileURLToPath(new URL("../fixtures/serve/print_argv.mjs", import.meta.url));
let dir: string;

before(() => void (dir = mkdtempSync(join(tmpdir(), "ac-serve-faults-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

function env(extra: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  // HOME stays real: Deno keeps its npm cache there (the worker imports the tokenizer).
  return {
    ...out,
    AGENT_CONNECTOR_DATA_DIR: join(dir, "data"),
    AGENT_CONNECTOR_SERVE_GRACE_MS: "1500",
    ...extra,
  };
}

function serveFake(extra: Record<string, string> = {}) {
  return startRaw(
    cliCommand(["serve", "--connector", "faults", "--", nodeExecutable(), FAKE]),
    env(extra),
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function serverPid(session: ReturnType<typeof serveFake>): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const match = /fake-server pid=(\d+)/.exec(session.stderr());
    if (match) return Number(match[1]);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no pid on stderr: ${session.stderr()}`);
}

describe("serve faults", () => {
  test("a server that crashes mid-call makes serve exit with the same code", async () => {
    const s = serveFake();
    await s.request(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {} });
    const echoed = await s.request(2, "tools/call", { name: "echo", arguments: { text: "hi" } });
    assert.deepEqual(echoed.result, { content: [{ type: "text", text: "hi" }] });
    s.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "crash" } });
    const end = await s.exited;
    assert.deepEqual(end, { code: 7, signal: null });
  });

  test("a non-JSON line on the server's stdout reaches the host untouched", async () => {
    const s = serveFake();
    await s.request(1, "tools/call", { name: "noise", arguments: { text: "after" } });
    s.child.stdin.end();
    assert.deepEqual(await s.exited, { code: 0, signal: null });
    assert.equal(
      s.stdout().toString("utf8"),
      'this line is not JSON-RPC\n{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"after"}]}}\n',
    );
  });

  test("the server's stderr passes through to serve's stderr", async () => {
    const s = serveFake();
    const pid = await serverPid(s);
    s.child.stdin.end();
    await s.exited;
    assert.match(s.stderr(), new RegExp(`fake-server pid=${pid}`));
  });

  test("closing stdin ends a server that would otherwise keep running", async () => {
    const s = serveFake({ FAKE_IGNORE_EOF: "1" });
    const pid = await serverPid(s);
    await s.request(1, "ping");
    s.child.stdin.end();
    const end = await s.exited;
    // The server ignored EOF, so serve terminated it and reports its death.
    assert.ok(end.signal === "SIGTERM" || end.code === 143, JSON.stringify(end));
    assert.equal(alive(pid), false);
  });

  test("a signal to serve reaches the server and serve ends the same way", async () => {
    const s = serveFake({ FAKE_IGNORE_EOF: "1" });
    const pid = await serverPid(s);
    await s.request(1, "ping");
    s.child.kill("SIGINT");
    const end = await s.exited;
    assert.ok(end.signal === "SIGINT" || end.code === 130, JSON.stringify(end));
    assert.equal(alive(pid), false);
  });

  test("a server that ignores SIGTERM is killed rather than left behind", async () => {
    const s = serveFake({ FAKE_IGNORE_EOF: "1", FAKE_IGNORE_TERM: "1" });
    const pid = await serverPid(s);
    await s.request(1, "ping");
    s.child.stdin.end();
    const end = await s.exited;
    assert.ok(end.signal === "SIGKILL" || end.code === 137, JSON.stringify(end));
    assert.equal(alive(pid), false);
  });

  test("a command that does not exist exits 127 with one clear line", async () => {
    const s = startRaw(
      cliCommand(["serve", "--connector", "faults", "--", "no-such-server-command-xyz"]),
      env(),
    );
    const end = await s.exited;
    assert.deepEqual(end, { code: 127, signal: null });
    assert.equal(
      s.stderr(),
      'agent-connector serve: cannot start "no-such-server-command-xyz": command not found\n',
    );
  });

  test("unknown wrapper flags are ignored and a second -- belongs to the server", async () => {
    const s = startRaw(
      cliCommand([
        "serve",
        "--connector",
        "faults",
        "--flag-from-the-future",
        "--",
        nodeExecutable(),
        PRINT_ARGV,
        "--",
        "--connector",
        "two words",
      ]),
      env(),
    );
    s.child.stdin.end();
    assert.deepEqual(await s.exited, { code: 0, signal: null });
    assert.deepEqual(JSON.parse(s.stdout().toString()), ["--", "--connector", "two words"]);
  });

  test("--secret-env gives the server the stored secret", async () => {
    const data = join(dir, "data");
    const store = openSecretStore({
      connectorId: "faults",
      backend: "file",
      dataRoot: data,
      env: { AGENT_CONNECTOR_SECRETS_BACKEND: "file" },
      home: dir,
    });
    store.set("api-token", "t0k-en");
    const s = startRaw(
      cliCommand([
        "serve",
        "--connector",
        "faults",
        "--secret-env",
        "TOKEN=Bearer {secret:api-token}",
        "--",
        nodeExecutable(),
        PRINT_ENV,
        "TOKEN",
      ]),
      env({ AGENT_CONNECTOR_SECRETS_BACKEND: "file" }),
    );
    s.child.stdin.end();
    assert.deepEqual(await s.exited, { code: 0, signal: null });
    assert.deepEqual(JSON.parse(s.stdout().toString()), { TOKEN: "Bearer t0k-en" });
    assert.equal(s.stderr(), "");
  });

  test("an unset secret stops the launch with a message naming it", async () => {
    const s = startRaw(
      cliCommand([
        "serve",
        "--connector",
        "faults",
        "--secret-env",
        "TOKEN={secret:never-set}",
        "--",
        nodeExecutable(),
        PRINT_ENV,
        "TOKEN",
      ]),
      env({ AGENT_CONNECTOR_SECRETS_BACKEND: "file" }),
    );
    s.child.stdin.end();
    assert.deepEqual(await s.exited, { code: 1, signal: null });
    assert.equal(s.stdout().length, 0);
    assert.match(s.stderr(), /cannot start ".*": connector "faults": 1 secret not set: never-set/);
  });

  test("with telemetry off the server gets the host's stdio itself, and still ends like it", async () => {
    const s = serveFake({ AGENT_CONNECTOR_TELEMETRY: "0" });
    const echoed = await s.request(1, "tools/call", {
      name: "echo",
      arguments: { text: "日本 ✓" },
    });
    assert.deepEqual(echoed.result, { content: [{ type: "text", text: "日本 ✓" }] });
    s.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "crash" } });
    assert.deepEqual(await s.exited, { code: 7, signal: null });
  });

  test("with telemetry off a signal still reaches the server", async () => {
    const s = serveFake({ AGENT_CONNECTOR_TELEMETRY: "0", FAKE_IGNORE_EOF: "1" });
    const pid = await serverPid(s);
    await s.request(1, "ping");
    s.child.kill("SIGTERM");
    const end = await s.exited;
    assert.ok(end.signal === "SIGTERM" || end.code === 143, JSON.stringify(end));
    assert.equal(alive(pid), false);
  });

  test("--cwd starts the server in that folder, {env:…} expanded, for hosts without a cwd field", async () => {
    const work = join(dir, "work space");
    mkdirSync(join(work, "sub"), { recursive: true });
    const s = startRaw(
      cliCommand([
        "serve",
        "--connector",
        "faults",
        "--cwd",
        "{env:ACME_WORK}/sub",
        "--",
        nodeExecutable(),
        "-e",
        "process.stdout.write(JSON.stringify(process.cwd()))",
      ]),
      env({ ACME_WORK: work }),
    );
    s.child.stdin.end();
    assert.deepEqual(await s.exited, { code: 0, signal: null });
    assert.equal(JSON.parse(s.stdout().toString()), realpathSync(join(work, "sub")));
  });

  test("a --cwd folder that does not exist exits 127 naming it, not the command", async () => {
    const missing = join(dir, "no-such-folder");
    const s = startRaw(
      cliCommand(["serve", "--connector", "faults", "--cwd", missing, "--", nodeExecutable()]),
      env(),
    );
    assert.deepEqual(await s.exited, { code: 127, signal: null });
    assert.equal(
      s.stderr(),
      `agent-connector serve: cannot start "${nodeExecutable()}": its working directory ${missing} ` +
        "(server.cwd) is not a folder. Create it, or change server.cwd and run install again.\n",
    );
  });
});
