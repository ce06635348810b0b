/**
 * The synthetic usage generator's output side (bench/usage_gen.ts and the
 * per-host generators it calls): the totals a correct reader must report,
 * and the buffered file writer.
 *
 * @module
 */

import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";

/** The four counts and the request count a correct reader reports for one host. */
export interface Expected {
  /** Requests. */
  requests: number;
  /** Uncached input. */
  input: number;
  /** Cache reads. */
  cacheRead: number;
  /** Cache writes. */
  cacheWrite: number;
  /** Output, reasoning included. */
  output: number;
}

/** An all-zero expectation. */
export const zero = (): Expected => ({
  requests: 0,
  input: 0,
  cacheRead: 0,
  cacheWrite: 0,
  output: 0,
});

/** Buffers lines and writes files; counts bytes and files. */
export class Writer {
  bytes = 0;
  files = 0;
  private fd = -1;
  private buf: string[] = [];
  private pending = 0;
  open(path: string): void {
    this.close();
    mkdirSync(join(path, ".."), { recursive: true });
    this.fd = openSync(path, "w");
    this.files++;
  }
  line(value: unknown): void {
    const text = JSON.stringify(value) + "\n";
    this.buf.push(text);
    this.pending += text.length;
    if (this.pending > 1 << 20) this.flush();
  }
  raw(text: string): void {
    this.buf.push(text);
    this.pending += text.length;
  }
  flush(): void {
    if (this.buf.length === 0) return;
    this.bytes += writeSync(this.fd, this.buf.join(""));
    this.buf = [];
    this.pending = 0;
  }
  close(): void {
    if (this.fd < 0) return;
    this.flush();
    closeSync(this.fd);
    this.fd = -1;
  }
}
