/**
 * {@link LeanIo} on Deno, through Deno's own API (core/lean_io.ts).
 *
 * @module
 */

import { denoNamespace as deno } from "./runtime_info.ts";
import type { LeanIo } from "./lean_io.ts";
import { concat, kindOf, osFamily } from "./_lean_io_parts.ts";

/**
 * A promise that resolves to `"timeout"` after `ms`, without holding the
 * process open once nothing else does (a hook whose host closed stdin exits
 * at once). `Atomics.waitAsync` on a cell no one notifies costs a cold Deno
 * start next to nothing (every Deno 2 has it); the alternatives do not:
 * since Deno 2.8 the global timers are Node's, and the first one loads
 * enough Node compatibility to cost a cold hook about half of an empty
 * script's start-up, and `AbortSignal.timeout` with a listener cost a cold
 * hook ~3 M instructions, a sixth of its whole overhead (bench/hook_bench.ts).
 */
function deadline(ms: number): Promise<"timeout"> {
  const wait = Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return Promise.resolve(wait.value).then(() => "timeout" as const);
}

/**
 * Reads Deno's stdin with plain reads: its web-stream reader costs ~20 ms of
 * set-up on a cold start, a read loop ~1 ms. The deadline is {@link deadline}.
 */
async function denoStdin(timeoutMs: number): Promise<string> {
  if (deno.stdin.isTerminal?.()) return "";
  const chunks: Uint8Array[] = [];
  const timeout = deadline(timeoutMs);
  for (;;) {
    const buf = new Uint8Array(65536);
    const n = await Promise.race([deno.stdin.read(buf) as Promise<number | null>, timeout]);
    if (n === null) break;
    if (n === "timeout") {
      // The pending read would keep the process alive until the host
      // closes the pipe: closing stdin cancels it, so the hook still exits.
      try {
        deno.stdin.close();
      } catch { /* already closed */ }
      break;
    }
    chunks.push(buf.subarray(0, n));
  }
  return new TextDecoder().decode(concat(chunks));
}

/** The lean I/O of a Deno process. */
export function denoIo(): LeanIo {
  let env: Record<string, string> = {};
  try {
    env = deno.env.toObject();
  } catch { /* no env permission */ }
  return {
    env,
    os: osFamily(deno.build.os),
    readStdin: denoStdin,
    readText(path) {
      try {
        return deno.readTextFileSync(path);
      } catch {
        return undefined;
      }
    },
    // A synchronous write: the reply is small, and the first asynchronous
    // write costs a cold start more than the write itself.
    write(to, text) {
      if (!text) return Promise.resolve();
      const bytes = new TextEncoder().encode(text);
      const stream = to === "out" ? deno.stdout : deno.stderr;
      for (let at = 0; at < bytes.length;) at += stream.writeSync(bytes.subarray(at));
      return Promise.resolve();
    },
    setExitCode(code) {
      deno.exitCode = code;
    },
    appendText(path, text) {
      deno.writeTextFileSync(path, text, { append: true });
    },
    mkdirp(path) {
      deno.mkdirSync(path, { recursive: true });
    },
    kind(path) {
      try {
        return kindOf(deno.statSync(path));
      } catch {
        return undefined;
      }
    },
    cwd: () => deno.cwd(),
  };
}
