import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import process from "node:process";
import { runtimeName } from "../edge/runtime_info.ts";
import { readIntoReusedBuffer } from "./serve_child_read.ts";
import { SERVER_PIPE_BYTES, widenServerPipes } from "./serve_pipes.ts";

const widens = runtimeName() === "deno" && process.platform === "linux";

test("a server's pipes are widened on Deno under Linux, and every byte still arrives in order", async () => {
  // `cat` echoes its stdin: 3 MiB go through both widened pipes.
  const child = spawn("cat", [], { stdio: ["pipe", "pipe", "inherit"] });
  const size = widenServerPipes(child.pid);
  if (!widens) {
    assert.equal(size, undefined, "Node leaves the pipes as they are");
  } else {
    assert.equal(size, SERVER_PIPE_BYTES);
  }
  const data = randomBytes(3 * 1024 * 1024 + 17);
  const hash = createHash("sha256");
  let bytes = 0;
  let largest = 0;
  const reused = readIntoReusedBuffer(child.stdout, (chunk) => {
    hash.update(chunk);
    bytes += chunk.length;
    largest = Math.max(largest, chunk.length);
    return true;
  }, { size });
  assert.ok(reused);
  child.stdin.end(data);
  const code = await new Promise((resolve) => child.once("close", resolve));
  assert.equal(code, 0);
  assert.equal(bytes, data.length);
  assert.equal(hash.digest("hex"), createHash("sha256").update(data).digest("hex"));
  if (widens) assert.ok(largest > 65_536, `reads took more than a default pipe holds (${largest})`);
});

test("widening a server that is gone or was never started changes nothing", () => {
  assert.equal(widenServerPipes(undefined), undefined);
  assert.equal(widenServerPipes(2 ** 22 + 12345), undefined);
});

/** Echoes `data` through `cat`, reading with `grow` widening the pipes; what the reads saw. */
async function echoGrowing(data: Uint8Array) {
  const child = spawn("cat", [], { stdio: ["pipe", "pipe", "inherit"] });
  const hash = createHash("sha256");
  let [bytes, largest, grows] = [0, 0, 0];
  const reused = readIntoReusedBuffer(child.stdout, (chunk) => {
    hash.update(chunk);
    bytes += chunk.length;
    largest = Math.max(largest, chunk.length);
    return true;
  }, {
    grow: () => {
      grows++;
      return widenServerPipes(child.pid);
    },
  });
  assert.ok(reused);
  child.stdin.end(data);
  assert.equal(await new Promise((resolve) => child.once("close", resolve)), 0);
  assert.equal(bytes, data.length);
  assert.equal(hash.digest("hex"), createHash("sha256").update(data).digest("hex"));
  return { largest, grows };
}

test("a large message widens the pipes at its first full read, and every byte still arrives in order", async () => {
  const { largest, grows } = await echoGrowing(randomBytes(3 * 1024 * 1024 + 17));
  assert.equal(grows, 1, "asked once, at the first read that filled the buffer");
  if (widens) {
    assert.ok(largest > 65_536, `later reads took more than a default pipe holds (${largest})`);
  } else assert.equal(largest, 65_536);
});

test("small messages never widen the pipes (they count against the user's pipe budget)", async () => {
  const { grows } = await echoGrowing(new TextEncoder().encode('{"jsonrpc":"2.0","id":1}\n'));
  assert.equal(grows, 0);
});
