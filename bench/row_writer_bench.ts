/**
 * CPU of serve's row writer alone per 1 MiB `tools/call` round trip: the real
 * SessionRecorder is fed a request and its result in 64 KiB chunks (as serve's
 * ring delivers them) with the tokenizer side answering at once, so only the
 * row writer's work is timed — splitting into the arena, peeking the routing
 * fields, pairing. serve_bench's per-thread figure cannot isolate it on Node
 * (every thread but the tokenizer is named `node` there, GC threads included).
 *
 *   deno run -A bench/row_writer_bench.ts                  # the source, on Deno
 *   BUILD=npm deno run -A bench/row_writer_bench.ts        # npm/ (task build:npm), on Node
 *
 * Env: CALLS=100. Prints figures only; nothing asserts a timing.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import process from "node:process";
import { fileURLToPath } from "node:url";

const CALLS = Number(process.env.CALLS ?? 100);

// Runs as a module in either runtime; `dir` holds telemetry/recorder(.ts|.js).
const SCRIPT = (dir: string, ext: string, kind: string) => `
const { SessionRecorder } = await import(${JSON.stringify(`${dir}/telemetry/recorder.${ext}`)});
const { inProcessCounter } = await import(${
  JSON.stringify(`${dir}/telemetry/token_counter.${ext}`)
});
const MIB = 1024 * 1024;
const text = ${kind === "ascii" ? '"x".repeat(MIB)' : "'Über \"q\" 日本 😀\\\\n'.repeat(MIB / 24)"};
const enc = (m) => new TextEncoder().encode(JSON.stringify(m) + "\\n");
const counter = inProcessCounter(() => Promise.resolve(() => 1));
counter.measureLine = () => Promise.resolve({ tokens: 1, quality: "exact" });
const store = { kind: "ndjson", append() {}, revise() {}, rows: () => [], groups: () => [], close() {} };
const r = new SessionRecorder(
  { connectorId: "a", sessionId: "s", projectKey: "p", settings: { modelFamilyHint: "auto", measureToolDefs: false } },
  { store, counter, quietMs: 0 },
);
const feed = (from, b) => { for (let at = 0; at < b.length; at += 65536) r.push(from, b.subarray(at, at + 65536)); };
const req = enc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { message: text } } });
const res = enc({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }] } });
const call = async () => { feed("client", req); feed("server", res); await r.idle(); };
for (let i = 0; i < 10; i++) await call();
const c0 = process.cpuUsage();
for (let i = 0; i < ${CALLS}; i++) await call();
const c = process.cpuUsage(c0);
console.log(((c.user + c.system) / 1000 / ${CALLS}).toFixed(2));
`;

const root = fileURLToPath(new URL("..", import.meta.url));
const onNode = process.env.BUILD === "npm";
for (const kind of ["ascii", "unicode"]) {
  const script = onNode
    ? SCRIPT(`${root}npm`, "js", kind)
    : `import process from "node:process";\n${SCRIPT(root.replace(/\/$/, ""), "ts", kind)}`;
  const args = onNode ? ["--input-type=module", "-e", script] : ["eval", "--ext=ts", script];
  const result = spawnSync(onNode ? "node" : process.execPath, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  const label = kind === "ascii" ? "ASCII" : "dense unicode and escaped quotes";
  console.log(
    `row writer on ${onNode ? "Node (npm build)" : "Deno"}, 1 MiB round trip (${label}): ` +
      `${result.stdout.trim()} ms CPU`,
  );
}
