import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Buffer } from "node:buffer";
import { Readable } from "node:stream";
import { readIntoReusedBuffer } from "./serve_child_read.ts";

test("a child's stdout read into one reused buffer arrives whole, in order, and still ends the child", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    const data = randomBytes(5 * 1024 * 1024 + 123);
    const file = join(dir, "data.bin");
    writeFileSync(file, data);
    const child = spawn("node", [
      "-e",
      `process.stdout.write(require("fs").readFileSync(${JSON.stringify(file)}))`,
    ], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const hash = createHash("sha256");
    let bytes = 0;
    const views = new Set<ArrayBufferLike>();
    const reused = readIntoReusedBuffer(child.stdout, (chunk) => {
      views.add(chunk.buffer);
      hash.update(chunk);
      bytes += chunk.length;
      return true;
    });
    assert.ok(reused, "this runtime's child sockets take a reused buffer");
    const code = await new Promise((resolve) => child.once("close", resolve));
    assert.equal(code, 0);
    assert.equal(bytes, data.length);
    assert.equal(hash.digest("hex"), createHash("sha256").update(data).digest("hex"));
    assert.equal(views.size, 1, "every chunk was a view of the same memory");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("chunks a consumer still holds are never overwritten: the next read gets fresh memory", async () => {
  const data = randomBytes(3 * 1024 * 1024 + 7);
  const child = spawn("node", ["-e", "process.stdin.pipe(process.stdout)"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(data);
  const kept: Uint8Array[] = [];
  let hold = false;
  const reused = readIntoReusedBuffer(child.stdout, (chunk) => {
    // Every other chunk is kept as the view itself, as a pending write would.
    hold = !hold;
    kept.push(hold ? chunk : chunk.slice());
    return true;
  }, { held: () => hold });
  assert.ok(reused);
  await new Promise((resolve) => child.once("close", resolve));
  const joined = Buffer.concat(kept);
  assert.equal(joined.length, data.length);
  assert.ok(joined.equals(data), "no held chunk was overwritten by a later read");
});

test("a held chunk's memory serves later reads only once its holder released it", async () => {
  const data = randomBytes(3 * 1024 * 1024 + 7);
  const child = spawn("node", ["-e", "process.stdin.pipe(process.stdout)"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(data);
  const copies: Uint8Array[] = [];
  const memory = new Set<ArrayBufferLike>();
  let held = 0;
  let hold = false;
  const reused = readIntoReusedBuffer(child.stdout, (chunk, release) => {
    memory.add(chunk.buffer);
    // Every other chunk is held a while, as a queued write would be; its
    // bytes are taken (copied) only when it is released, as the write does.
    hold = !hold;
    const at = copies.push(chunk.slice()) - 1;
    if (hold) {
      held++;
      setTimeout(() => {
        copies[at] = chunk.slice();
        release();
        release(); // a second call changes nothing
      }, 5);
    }
    return true;
  }, { held: () => hold });
  assert.ok(reused);
  await new Promise((resolve) => child.once("close", resolve));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const joined = Buffer.concat(copies);
  assert.equal(joined.length, data.length);
  assert.ok(joined.equals(data), "no chunk was overwritten before its release");
  assert.ok(
    memory.size < held,
    `released memory was reused (${memory.size} buffers, ${held} held)`,
  );
});

test("a stream without a socket's fields is left alone", () => {
  const stream = new Readable({ read() {} });
  assert.equal(readIntoReusedBuffer(stream, () => true), false);
});
