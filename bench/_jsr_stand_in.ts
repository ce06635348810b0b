/**
 * The JSR registry stand-in (tests/_helpers/jsr_registry.ts) in a child
 * process, for benchmarks that then work synchronously: writing a JSR
 * launcher caches the version with `spawnSync`, which would block a server
 * running in the benchmark's own event loop. Run as a script it serves the
 * checkout, prints `{"url","version"}` as one line and stops when its stdin
 * closes.
 *
 * @module
 */

import { spawn } from "node:child_process";
import process from "node:process";
import { startJsrStandIn } from "../tests/_helpers/jsr_registry.ts";

/** A stand-in running in a child process. */
export interface ChildStandIn {
  /** The `JSR_URL` value (ends with `/`). */
  url: string;
  /** The package version served. */
  version: string;
  /** Stops the child. */
  stop(): void;
}

/** Starts the stand-in for the checkout at `root` in a child `deno` process. */
export function startChildStandIn(deno: string, root: string): Promise<ChildStandIn> {
  const child = spawn(deno, ["run", "-A", new URL(import.meta.url).pathname, root], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`the JSR stand-in exited with ${code}`)));
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const nl = out.indexOf("\n");
      if (nl === -1) return;
      const { url, version } = JSON.parse(out.slice(0, nl));
      child.stdout.destroy();
      child.unref();
      resolve({ url, version, stop: () => child.stdin.end() });
    });
  });
}

if (import.meta.main) {
  const registry = await startJsrStandIn(process.execPath, process.argv[2]);
  console.log(JSON.stringify({ url: registry.url, version: registry.version }));
  process.stdin.resume();
  process.stdin.on("end", () => registry.close().then(() => process.exit(0)));
}
