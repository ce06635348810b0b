import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import process from "node:process";
import { workerEntry } from "./worker_entry.ts";

test("a file: worker URL is used as is", () => {
  const url = new URL("file:///srv/ac/usage/_scan_worker.js");
  assert.equal(workerEntry(url), url);
});

test("a worker module with an http: URL starts through a data: module and gets its workerData", async () => {
  const body = 'import { parentPort, workerData } from "node:worker_threads";\n' +
    "parentPort.postMessage(workerData * 2);\n";
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/javascript" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const remote = `http://127.0.0.1:${port}/pkg/1.0.0/worker.js`;
    assert.equal(workerEntry(new URL(remote)).protocol, "data:");
    // In a child with --no-lock, so the remote module never lands in deno.lock; spawned
    // without blocking, since this process serves the module.
    const script = `import { Worker } from "node:worker_threads";
import { workerEntry } from ${JSON.stringify(new URL("./worker_entry.ts", import.meta.url).href)};
const worker = new Worker(workerEntry(new URL(${JSON.stringify(remote)})), { workerData: 21 });
worker.once("message", (m) => { console.log(m); worker.terminate(); });
worker.once("error", (e) => { console.error(String(e)); worker.terminate(); });
`;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["eval", "--quiet", "--no-lock", "--no-config", script],
        {
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let text = "";
      child.stdout.setEncoding("utf8").on("data", (c) => text += c);
      child.stderr.setEncoding("utf8").on("data", (c) => text += c);
      child.on("error", reject);
      child.on("close", () => resolve(text));
    });
    assert.equal(out, "42\n");
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
