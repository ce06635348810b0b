// serve as npm installs it, on Node: bytes pass unchanged, the telemetry
// worker (serve_worker.js) starts and writes rows, and a runtime without
// node:sqlite falls back to the ndjson store with a note.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const bin = resolve(
  "node_modules",
  ".bin",
  process.platform === "win32" ? "agent-connector.cmd" : "agent-connector",
);

// A one-tool MCP server (line-delimited JSON-RPC), written per test run.
const SERVER = `
let buf = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (c) => {
  buf += c;
  let i;
  while ((i = buf.indexOf("\\n")) >= 0) {
    const m = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    if (m.id === undefined) continue;
    const result = m.method === "tools/call"
      ? { content: [{ type: "text", text: "Echo: " + m.params.arguments.text }] }
      : m.method === "tools/list" ? { tools: [{ name: "echo", inputSchema: { type: "object" } }] }
      : { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "s", version: "1" } };
    process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, result }) + "\\n");
  }
});
process.stdin.on("end", () => process.exit(0));
`;

function session(dir, connector, extra = []) {
  const server = join(dir, "server.mjs");
  writeFileSync(server, SERVER);
  const child = spawn(bin, ["serve", "--connector", connector, "--", process.execPath, server], {
    env: { ...process.env, AGENT_CONNECTOR_DATA_DIR: join(dir, "data") },
    shell: process.platform === "win32",
  });
  const out = [];
  let err = "";
  child.stdout.on("data", (c) => out.push(c));
  child.stderr.on("data", (c) => (err += c));
  const lines = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "codex-mcp-client", version: "1" },
      },
    },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
    {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "echo", arguments: { text: "héllo wörld" } },
    },
    ...extra,
  ];
  child.stdin.write(lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return new Promise((done) => {
    // Close once every answer arrived and both rows were written (serve
    // counts in a pause of the traffic; closing earlier gives estimates).
    const started = Date.now();
    const timer = setInterval(() => {
      const answered = Buffer.concat(out).toString().split("\n").length > lines.length;
      const written = countRows(dir) >= 2 + extra.length || Date.now() - started > 60_000;
      if (answered && written) {
        clearInterval(timer);
        child.stdin.end();
      }
    }, 50);
    child.on(
      "close",
      (code) => done({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: err }),
    );
  });
}

/** Rows with their final counts (a provisional row counts once it was revised). */
function countRows(dir) {
  try {
    return rows(dir).filter((r) => r.rowId === undefined).length;
  } catch {
    return 0;
  }
}

/**
 * The stored rows, each provisional one (with a rowId) replaced by its
 * revision line (`{ revises, row }`) where one was written, as the store
 * reads them.
 */
function rows(dir) {
  const events = join(dir, "data", "telemetry", "events");
  const lines = readdirSync(events).flatMap((f) =>
    readFileSync(join(events, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l))
  );
  const out = [];
  const at = new Map();
  for (const line of lines) {
    if (line.revises) {
      const { rowId: _id, ...row } = line.row;
      const i = at.get(line.revises.rowId);
      if (i === undefined) out.push(row);
      else out[i] = row;
      continue;
    }
    if (line.rowId !== undefined) at.set(line.rowId, out.length);
    out.push(line);
  }
  return out;
}

test("serve forwards bytes and records rows through its worker on Node", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-node-serve-"));
  try {
    const run = await session(dir, "node-e2e");
    assert.equal(run.code, 0, run.stderr);
    assert.ok(
      run.stdout.includes(
        '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Echo: héllo wörld"}]}}\n',
      ),
    );
    const got = rows(dir).map((r) => [r.scope, r.toolName, r.confidenceSource, r.hostPlatform]);
    assert.deepEqual(got, [
      ["tool_defs", "tools/list", "tokenizer-exact", "codex"],
      ["call", "echo", "tokenizer-exact", "codex"],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a connector asking for the sqlite store gets ndjson and a note where node:sqlite is missing", async (t) => {
  let hasSqlite = true;
  try {
    await import("node:sqlite");
  } catch {
    hasSqlite = false;
  }
  if (hasSqlite) return t.skip("this Node has node:sqlite");
  const dir = mkdtempSync(join(tmpdir(), "ac-node-serve-"));
  try {
    const record = join(dir, "data", "connectors", "lite");
    mkdirSync(record, { recursive: true });
    writeFileSync(
      join(record, "connector.json"),
      JSON.stringify({
        id: "lite",
        displayName: "lite",
        version: "1.0.0",
        frameworkVersion: "0.1.0",
        modulePath: join(dir, "none.mjs"),
        telemetry: {
          enabled: true,
          modelFamilyHint: "auto",
          measureToolDefs: true,
          hostNativeUsage: false,
          store: "sqlite",
          calibration: { anthropicCountTokens: false },
        },
        installedAt: "2026-11-01T00:00:00.000Z",
        updatedAt: "2026-11-01T00:00:00.000Z",
      }),
    );
    const run = await session(dir, "lite");
    assert.equal(run.code, 0);
    assert.match(run.stderr, /node:sqlite .*Node \d+/);
    assert.equal(rows(dir).length, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a big call's rows on Node count the same tokens as its text (read from the line's bytes)", async () => {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const count = (t) => countTokens(t, { disallowedSpecial: new Set() });
  // Over 64 KiB: unicode of every UTF-8 length, brackets in escaped quotes, backslashes.
  const text = 'héllo "{wörld]" 日本 😀 back\\slash\\ '.repeat(3000);
  const dir = mkdtempSync(join(tmpdir(), "ac-node-serve-"));
  try {
    const big = {
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "echo", arguments: { text } },
    };
    const run = await session(dir, "node-big", [big]);
    assert.equal(run.code, 0, run.stderr);
    const row = rows(dir).find((r) => r.toolName === "echo" && r.inputTokens > 1000);
    assert.ok(row, "the big call has a row");
    assert.deepEqual(
      [row.inputTokens, row.outputTokens, row.confidenceSource, row.isError],
      [count(JSON.stringify({ text })), count("Echo: " + text), "tokenizer-exact", false],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// A server that answers every line with `size` bytes of text on one line.
const BIG_SERVER = `
const size = Number(process.argv[2]);
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (c) => {
  pending += c;
  let i;
  while ((i = pending.indexOf("\\n")) >= 0) {
    pending = pending.slice(i + 1);
    let text = "";
    for (let n = 0; text.length < size; n++) text += "line " + n + " é日😀 ";
    process.stdout.write(text.slice(0, size) + "\\n");
  }
});
process.stdin.on("end", () => process.exit(0));
`;

function bigSession(dir, size) {
  const server = join(dir, "big_server.cjs");
  writeFileSync(server, BIG_SERVER);
  return spawn(bin, [
    "serve",
    "--connector",
    "node-big",
    "--",
    process.execPath,
    server,
    String(size),
  ], {
    env: { ...process.env, AGENT_CONNECTOR_DATA_DIR: join(dir, "data") },
    shell: process.platform === "win32",
  });
}

test("a host that reads slowly gets a 9 MB result whole and in order on Node", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-node-serve-"));
  try {
    const size = 9 * 1024 * 1024;
    const child = bigSession(dir, size);
    let err = "";
    child.stderr.on("data", (c) => (err += c));
    const out = [];
    // Read in bursts with pauses between them, so serve's writes to us wait.
    child.stdout.on("data", (c) => {
      out.push(c);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 2);
    });
    child.stdin.write("go\n");
    const code = await new Promise((done) => {
      // The result is one line: close once its line end arrived.
      const timer = setInterval(() => {
        if (out.length > 0 && out.at(-1).at(-1) === 10) {
          clearInterval(timer);
          child.stdin.end();
        }
      }, 20);
      child.on("close", done);
    });
    assert.equal(code, 0, err);
    let text = "";
    for (let n = 0; text.length < size; n++) text += "line " + n + " é日😀 ";
    const expected = text.slice(0, size) + "\n";
    const got = Buffer.concat(out).toString("utf8");
    assert.equal(got.length, expected.length);
    assert.ok(got === expected, "the bytes differ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a host that stops reading mid-result ends the server on Node", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-node-serve-"));
  try {
    const child = bigSession(dir, 8 * 1024 * 1024);
    child.stderr.resume();
    child.stdout.once("data", () => child.stdout.destroy());
    child.stdin.write("go\n");
    const code = await new Promise((done) => child.on("close", done));
    assert.equal(typeof code, "number");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a call whose bytes overflowed serve's ring still gets one row on Node, estimated from size", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-node-serve-"));
  try {
    const server = join(dir, "server.mjs");
    writeFileSync(server, SERVER);
    // Test-only: a ring smaller than one pipe read, so a 1 MiB message overflows it.
    const child = spawn(
      bin,
      ["serve", "--connector", "node-over", "--", process.execPath, server],
      {
        env: {
          ...process.env,
          AGENT_CONNECTOR_DATA_DIR: join(dir, "data"),
          AGENT_CONNECTOR_SERVE_RING_BYTES: "16384",
        },
        shell: process.platform === "win32",
      },
    );
    let answers = 0;
    let wake = () => {};
    child.stdout.on("data", (c) => {
      for (const b of c) if (b === 10) answers++;
      wake();
    });
    const closed = new Promise((done) => child.on("close", done));
    const texts = ["small", "x".repeat(1024 * 1024), "small again"];
    const calls = texts.map((text, i) => ({
      jsonrpc: "2.0",
      id: 10 + i,
      method: "tools/call",
      params: { name: `echo-${i}`, arguments: { text } },
    }));
    for (const [i, call] of calls.entries()) {
      child.stdin.write(JSON.stringify(call) + "\n");
      while (answers <= i) await new Promise((r) => (wake = r));
    }
    child.stdin.end();
    assert.equal(await closed, 0);
    const got = rows(dir).filter((r) => r.scope === "call");
    assert.deepEqual(got.map((r) => r.toolName).sort(), ["echo-0", "echo-1", "echo-2"]);
    const big = got.find((r) => r.toolName === "echo-1");
    assert.equal(big.confidenceSource, "heuristic");
    // Both sides charged by their size in bytes, 3 a token.
    assert.ok(big.inputTokens >= (1024 * 1024) / 3 && big.inputTokens < (1024 * 1024 + 200) / 3);
    assert.ok(big.outputTokens >= (1024 * 1024) / 3 && big.outputTokens < (1024 * 1024 + 200) / 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
