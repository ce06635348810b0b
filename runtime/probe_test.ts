import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import type { ServerDef } from "../core/connector_types.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { nodeExecutable, serverEverythingCommand } from "../tests/_helpers/mcp_peers.ts";
import { probeServer } from "./probe.ts";

const FAKE = fileURLToPath(new URL("../tests/fixtures/serve/fake_server.mjs", import.meta.url));
let dir: string;
before(() => void (dir = mkdtempSync(join(tmpdir(), "ac-probe-"))));
after(() => rmSync(dir, { recursive: true, force: true }));

function host(env: Record<string, string> = {}): MachineEnv {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) base[k] = v;
  return { home: dir, cwd: dir, os: "linux", env: { ...base, ...env } };
}

const probe = (server: ServerDef | undefined, env: Record<string, string> = {}, timeouts = {}) =>
  probeServer({
    connectorId: "acme",
    server,
    machine: host(env),
    dataRoot: join(dir, "data"),
    ...timeouts,
  });

test("a real server passes initialize, ping and tools/list", async () => {
  const [command, ...args] = serverEverythingCommand();
  const findings = await probe({ transport: "stdio", command, args });
  assert.deepEqual(findings.map((f) => [f.check, f.status]), [
    ["acme: probe initialize", "pass"],
    ["acme: probe ping", "pass"],
    ["acme: probe tools/list", "pass"],
  ]);
  assert.match(findings[0].message, /^mcp-servers\/everything \S+, protocol \S+, \d+ ms$/);
  assert.match(findings[2].message, /^13 tools, ≈\d+ tokens of definitions$/);
});

test("the server's env entries reach it, ${env:…} expanded from doctor's environment", async () => {
  const findings = await probe(
    {
      transport: "stdio",
      command: nodeExecutable(),
      args: [FAKE],
      env: { FAKE_SILENT: "${env:PROBE_TEST_SILENT}" },
    },
    { PROBE_TEST_SILENT: "1" },
    { initializeTimeoutMs: 1_500 },
  );
  // The server saw FAKE_SILENT=1 and answered nothing.
  assert.deepEqual(findings.map((f) => [f.check, f.status]), [["acme: probe initialize", "fail"]]);
  assert.match(findings[0].message, /no answer to initialize within 1\.5 s/);
  assert.match(findings[0].fix!, /fake_server\.mjs/);
});

test("a server that exits at once fails with its exit code", async () => {
  const findings = await probe({
    transport: "stdio",
    command: nodeExecutable(),
    args: ["-e", "process.exit(3)"],
  });
  assert.equal(findings[0].status, "fail");
  assert.match(findings[0].message, /the server exited with code 3 before answering initialize/);
});

test("a missing command fails naming it", async () => {
  const findings = await probe({ transport: "stdio", command: "no-such-mcp-server-xyz" });
  assert.equal(findings[0].message, 'cannot start "no-such-mcp-server-xyz": command not found');
});

test("a server.cwd that does not exist is named as the problem, not the command", async () => {
  // spawn's ENOENT for a missing working directory read "cannot start "node": command
  // not found", with node on PATH.
  const findings = await probe({
    transport: "stdio",
    command: nodeExecutable(),
    args: [FAKE],
    cwd: "./no-such-folder",
  });
  assert.equal(findings[0].status, "fail");
  assert.equal(
    findings[0].message,
    `cannot start "${nodeExecutable()}": its working directory ${
      join(dir, "no-such-folder")
    } (server.cwd "./no-such-folder") does not exist`,
  );
});

test("a server that ignores EOF is not left running, and its stderr is never shown", async () => {
  const pidFile = join(dir, "pid");
  const findings = await probe({
    transport: "stdio",
    command: nodeExecutable(),
    args: [FAKE],
    env: { FAKE_IGNORE_EOF: "1", FAKE_PID_FILE: pidFile },
  });
  assert.equal(findings.length, 3);
  const pid = Number(readFileSync(pidFile, "utf8"));
  assert.throws(() => process.kill(pid, 0), "the server is gone");
  assert.ok(!findings.some((f) => /pid=/.test(f.message)));
});

test("an unset secret fails before anything starts", async () => {
  const findings = await probe(
    {
      transport: "stdio",
      command: nodeExecutable(),
      args: [FAKE],
      secretEnv: { TOKEN: "${secret:api-token}" },
    },
    { AGENT_CONNECTOR_SECRETS_BACKEND: "file" },
  );
  assert.equal(findings.length, 1);
  assert.equal(findings[0].status, "fail");
  assert.match(findings[0].message, /^cannot start: .*api-token/);
});

test("remote servers are skipped with a note; no server, no finding", async () => {
  const findings = await probe({ transport: "http", url: "https://example.invalid/mcp" });
  assert.deepEqual(findings.map((f) => f.status), ["pass"]);
  assert.match(findings[0].message, /^not probed: a remote \(http\) server/);
  assert.deepEqual(await probe(undefined), []);
});
