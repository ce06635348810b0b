/**
 * Wider pipes between serve and its server, on Deno under Linux. Every
 * chunk that crosses a pipe costs serve's forwarding thread a read, a write
 * and, on Deno, a turn of its event loop with a failed read and readiness
 * waits around it; a Linux pipe holds 64 KiB, so a 1 MiB result crossed in
 * 16 chunks or more. With the two pipes to the server widened to
 * {@link SERVER_PIPE_BYTES} and the server's stdout read that much at a
 * time, a 1 MiB result crosses in one or two, which saves the forwarding
 * thread CPU and syscalls per call (bench/README.md). The host's own pipes
 * (our stdin and stdout) keep the size the host gave them; bytes, their order
 * and back-pressure (a full pipe still stops the writer) are the same. The
 * pipes are widened only once a read from the server fills the default
 * buffer (runtime/serve_proxy.ts): a session of small messages leaves them as
 * they are, so most sessions take nothing from the user's pipe budget below.
 *
 * Node is left as it is: its event loop costs little per chunk, and it has
 * no way to resize a pipe. The kernel counts a pipe's capacity against the
 * user's `/proc/sys/fs/pipe-user-pages-soft` (64 MiB by default) and refuses
 * a resize that would pass it, which leaves that pipe at 64 KiB.
 *
 * @module
 */

import { readdirSync, readlinkSync } from "node:fs";
import { denoPipeSizer } from "../edge/runtime_info.ts";

/** The capacity asked for each of the two pipes to the server. */
export const SERVER_PIPE_BYTES: number = 1024 * 1024;

/** The server's stdin and stdout as this process holds them (its ends of the pipes). */
function ourEnds(pid: number): Map<number, number> {
  const byPipe = new Map<string, number>();
  for (const fd of [0, 1]) byPipe.set(readlinkSync(`/proc/${pid}/fd/${fd}`), fd);
  const ends = new Map<number, number>(); // server fd → ours
  for (const name of readdirSync("/proc/self/fd")) {
    const ours = Number(name);
    if (!(ours > 2)) continue; // never our own stdio
    try {
      const theirs = byPipe.get(readlinkSync(`/proc/self/fd/${name}`));
      if (theirs !== undefined) ends.set(theirs, ours);
    } catch { /* closed meanwhile */ }
  }
  return ends;
}

/**
 * Widens the pipes to the server `pid` (just spawned, stdin and stdout
 * piped) to `bytes` each where the runtime can (Deno on Linux with FFI);
 * returns the capacity of its stdout pipe when that one was widened, else
 * undefined (nothing changed, or only what failed did not).
 */
export function widenServerPipes(
  pid: number | undefined,
  bytes: number = SERVER_PIPE_BYTES,
): number | undefined {
  if (pid === undefined) return undefined;
  const resize = denoPipeSizer();
  if (!resize) return undefined;
  let ends: Map<number, number>;
  try {
    ends = ourEnds(pid);
  } catch {
    return undefined; // no /proc, or the server is already gone
  }
  const stdin = ends.get(0);
  if (stdin !== undefined) resize(stdin, bytes);
  const stdout = ends.get(1);
  const size = stdout === undefined ? -1 : resize(stdout, bytes);
  return size > 0 ? size : undefined;
}
