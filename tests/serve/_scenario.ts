/**
 * One MCP session driven by the official SDK client over stdio, the same
 * every time so byte transcripts can be compared between runs: initialize
 * (with sampling, elicitation and roots capabilities), the server's own
 * roots/list request and log notification, ping, tools/list, several
 * tools/call (unicode, an image, a sampling request from the server, progress
 * notifications, a 9 MB result), close.
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

/** Text with multi-byte UTF-8 of every length (2, 3 and 4 bytes) and JSON escapes. */
export const UNICODE_TEXT =
  'naïve café — 日本語のテキスト, emoji 😀🧪, quotes "x" and \\ back\tslash\n';

/** A 9 MB message of prose with unicode, so chunk boundaries split multi-byte characters. */
export function bigMessage(bytes = 9_000_000): string {
  const unit = "The quick brown fox jumps over the lazy dog. Über naïve café — 日本語 😀\n";
  const unitBytes = new TextEncoder().encode(unit).length;
  return unit.repeat(Math.floor(bytes / unitBytes));
}

/** What the scenario saw, for asserting it really exercised each path. */
export interface ScenarioResult {
  /** Tool names from tools/list. */
  tools: string[];
  /** Server→client requests and notifications the client handled. */
  seen: string[];
  /** Texts of the tool results, by tool. */
  texts: Record<string, string>;
  /** Progress values received during the long-running call. */
  progress: number[];
  /** UTF-8 length of the big echo's text. */
  bigLength: number;
  /** Each tools/call made: name, arguments and the full result. */
  calls: Array<{ name: string; arguments: Record<string, unknown>; result: unknown }>;
}

/** Runs the session against the server started by `command`. */
export async function runScenario(
  command: readonly string[],
  env: Record<string, string>,
  options: {
    big?: number;
    clientName?: string;
    /** Awaited before the client closes (e.g. until telemetry rows are written). */
    beforeClose?: () => Promise<void>;
  } = {},
): Promise<ScenarioResult> {
  const transport = new StdioClientTransport({
    command: command[0],
    args: command.slice(1),
    env,
    stderr: "pipe",
  });
  transport.stderr?.on("data", () => {});
  const client = new Client(
    { name: options.clientName ?? "serve-e2e", version: "1.0.0" },
    { capabilities: { sampling: {}, roots: { listChanged: true } } },
  );
  const seen: string[] = [];
  let rootsLogged!: () => void;
  const rootsDone = new Promise<void>((resolve) => (rootsLogged = resolve));
  client.setRequestHandler(CreateMessageRequestSchema, () => {
    seen.push("sampling/createMessage");
    return Promise.resolve({
      model: "test-model",
      role: "assistant" as const,
      content: { type: "text" as const, text: "sampled ✓ réponse" },
    });
  });
  client.setRequestHandler(ListRootsRequestSchema, () => {
    seen.push("roots/list");
    return Promise.resolve({ roots: [{ uri: "file:///tmp/projet-é", name: "projet" }] });
  });
  client.setNotificationHandler(
    LoggingMessageNotificationSchema,
    (n: { params: { data: unknown } }) => {
      seen.push("notifications/message");
      if (String(n.params.data).startsWith("Roots updated")) rootsLogged();
    },
  );
  await client.connect(transport);
  // The server asks for roots 350 ms after initialization; wait for it so the
  // rest of the session is request-driven and byte-for-byte repeatable.
  await rootsDone;
  await client.ping();
  const { tools } = await client.listTools();
  const calls: ScenarioResult["calls"] = [];
  const texts: Record<string, string> = {};
  const call = async (name: string, args: Record<string, unknown>, progress?: number[]) => {
    const result = await client.callTool(
      { name, arguments: args },
      undefined,
      {
        // Generous: a 9 MB echo on a loaded 2-core machine can take a minute.
        timeout: 600_000,
        ...(progress ? { onprogress: (p: { progress: number }) => progress.push(p.progress) } : {}),
      },
    );
    calls.push({ name, arguments: args, result });
    const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
    texts[name] = content.filter((c) => c.type === "text").map((c) => c.text).join("|");
    return result;
  };
  await call("get-sum", { a: 2, b: 40 });
  await call("echo", { message: UNICODE_TEXT });
  await call("get-tiny-image", {});
  await call("trigger-sampling-request", { prompt: "Say hi — ça va?", maxTokens: 16 });
  const progress: number[] = [];
  await call("trigger-long-running-operation", { duration: 0.3, steps: 3 }, progress);
  const message = bigMessage(options.big);
  const big = await call("echo", { message });
  const bigText = (big.content as Array<{ text: string }>)[0].text;
  await options.beforeClose?.();
  await client.close();
  return {
    tools: tools.map((t: { name: string }) => t.name),
    seen,
    texts,
    progress,
    bigLength: new TextEncoder().encode(bigText).length,
    calls,
  };
}
