/**
 * Reading a value from the user: the whole of stdin, or one hidden line from
 * a terminal (no echo; Enter ends it, Ctrl-C or Ctrl-D aborts).
 *
 * @module
 */

import type { Readable } from "node:stream";
import type { TextSink } from "./_context.ts";

/** A stdin that may be a terminal. */
export type InputStream = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

/** Reads stdin to its end as UTF-8. */
export async function readAll(stdin: Readable): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stdin) {
    chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
  }
  const total = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    total.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(total);
}

/** Strips one trailing newline (`\n` or `\r\n`), as piped input carries. */
export function stripOneNewline(text: string): string {
  if (text.endsWith("\r\n")) return text.slice(0, -2);
  if (text.endsWith("\n")) return text.slice(0, -1);
  return text;
}

/**
 * Prints `prompt` on `stderr` and reads one line from a terminal without
 * echoing it. Resolves null when the user aborts (Ctrl-C, Ctrl-D, end of input).
 */
export function readHiddenLine(
  stdin: InputStream,
  stderr: TextSink,
  prompt: string,
): Promise<string | null> {
  stderr.write(prompt);
  const raw = typeof stdin.setRawMode === "function";
  if (raw) stdin.setRawMode!(true);
  return new Promise((resolve) => {
    let value = "";
    const finish = (result: string | null) => {
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      if (raw) stdin.setRawMode!(false);
      stdin.pause();
      stderr.write("\n");
      resolve(result);
    };
    const onEnd = () => finish(null);
    const onData = (chunk: string | Uint8Array) => {
      const text = typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
      for (const ch of text) {
        if (ch === "\r" || ch === "\n") return finish(value);
        if (ch === "\u0003" || ch === "\u0004") return finish(null);
        if (ch === "\u007f" || ch === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (ch === "\u0015") value = "";
        else if (ch >= " " || ch === "\t") value += ch;
      }
    };
    stdin.on("data", onData);
    stdin.on("end", onEnd);
    stdin.resume();
  });
}
