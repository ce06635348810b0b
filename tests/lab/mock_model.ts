/**
 * The real-host lab's mock model server: one HTTP server on 127.0.0.1 (a free port) that
 * speaks Anthropic Messages, OpenAI Chat Completions and Responses, and Gemini, routed by
 * path suffix so every host's base URL works. Each model reply follows the test's script
 * (`_mock_script.ts`) and carries known, distinct token usage; every request is recorded
 * with its body, so a test can read the system prompt and tool list the host really sent
 * and add up the usage the host should have logged.
 *
 * No dependencies beyond `node:http`.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decide, type MockScript } from "./_mock_script.ts";
import type { MockDecision, MockUsage, ModelRequest, WireApi } from "./_mock_types.ts";
import { readAnthropic, renderAnthropic } from "./_wire_anthropic.ts";
import { readGemini, renderGemini } from "./_wire_gemini.ts";
import { readOpenAiChat, renderOpenAiChat } from "./_wire_openai_chat.ts";
import { readOpenAiResponses, renderOpenAiResponses } from "./_wire_openai_responses.ts";

export type { MockScript } from "./_mock_script.ts";
export { FINAL_PREFIX } from "./_mock_script.ts";
export type { MockDecision, MockUsage, ModelRequest, WireApi } from "./_mock_types.ts";

/** How `count_tokens` answers: a number, a function of the body, an error, after a delay. */
export interface CountTokensScript {
  /** The `input_tokens` returned (default: the body's length in characters / 4, rounded up). */
  inputTokens?: number | ((body: Record<string, unknown>) => number);
  /** An HTTP error status to answer with instead. */
  status?: number;
  /** The error body sent with `status` (default an Anthropic-shaped error). */
  error?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

/** Everything a test can script. */
export interface MockOptions extends MockScript {
  /** Usage of the n-th model reply (0-based); default {@link defaultUsage}. */
  usage?: (n: number) => MockUsage;
  /** How `count_tokens` answers. */
  countTokens?: CountTokensScript;
  /** Model ids the model lists name (default `["mock-model"]`). */
  models?: readonly string[];
}

/** One recorded HTTP request. */
export interface RecordedRequest {
  /** HTTP method. */
  method: string;
  /** Path with query. */
  url: string;
  /** The route it took: a wire API, `count_tokens`, `models`, `head` or `unknown`. */
  route: WireApi | "count_tokens" | "models" | "head" | "unknown";
  /** Raw body text. */
  text: string;
  /** Parsed JSON body, when it was JSON. */
  body?: Record<string, unknown>;
  /** The request as the script saw it (model calls only). */
  request?: ModelRequest;
  /** What the mock answered (model calls only). */
  decision?: MockDecision;
  /** The usage it reported (model calls only). */
  usage?: MockUsage;
}

/** A running mock. */
export interface MockModel {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  /** Every request, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Only the model calls (the requests that got a scripted reply). */
  modelCalls(): RecordedRequest[];
  /** The usage summed over every model reply. */
  totalUsage(): MockUsage;
  /** Replaces the script for the requests that follow (the usage counter keeps running). */
  setScript(options: MockOptions): void;
  /** Forgets the recorded requests. */
  clear(): void;
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * The default usage of the n-th reply: 1234/56/789 then 2345/67/890, … — distinct in
 * every field, with the cached part inside `input` and no cache writes.
 */
export function defaultUsage(n: number): MockUsage {
  return { input: 1234 + 1111 * n, output: 56 + 11 * n, cacheRead: 789 + 101 * n, cacheWrite: 0 };
}

function routeOf(method: string, path: string): RecordedRequest["route"] {
  if (method === "HEAD") return "head";
  if (method === "GET" && /\/models\/?$/.test(path)) return "models";
  if (method !== "POST") return "unknown";
  if (path.endsWith("/messages/count_tokens")) return "count_tokens";
  if (path.endsWith("/messages")) return "anthropic";
  if (path.endsWith("/chat/completions")) return "openai-chat";
  if (path.endsWith("/responses")) return "openai-responses";
  if (/:(stream)?[gG]enerateContent$/.test(path) || /:countTokens$/.test(path)) return "gemini";
  return "unknown";
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function modelList(models: readonly string[]): string {
  // One body that satisfies the OpenAI, Anthropic and Gemini list readers alike.
  const data = models.map((id) => ({
    id,
    object: "model",
    type: "model",
    created: 1_700_000_000,
    created_at: "2026-01-01T00:00:00Z",
    owned_by: "lab",
    display_name: id,
  }));
  return JSON.stringify({
    object: "list",
    data,
    has_more: false,
    first_id: models[0],
    last_id: models.at(-1),
    models: models.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      supportedGenerationMethods: ["generateContent", "countTokens"],
      inputTokenLimit: 1_000_000,
      outputTokenLimit: 65_536,
    })),
  });
}

/** Starts a mock model server on 127.0.0.1 at a free port. */
export async function startMockModel(options: MockOptions = {}): Promise<MockModel> {
  let script = options;
  const requests: RecordedRequest[] = [];
  let replies = 0;

  const model = (
    route: WireApi,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; type: string; body: string; record: Partial<RecordedRequest> } => {
    const geminiModel = path.match(/models\/([^/:]+):/)?.[1] ?? "";
    if (route === "gemini" && path.endsWith(":countTokens")) {
      return {
        status: 200,
        type: "application/json",
        body: JSON.stringify({ totalTokens: 42 }),
        record: {},
      };
    }
    const request = route === "anthropic"
      ? readAnthropic(body)
      : route === "openai-chat"
      ? readOpenAiChat(body)
      : route === "openai-responses"
      ? readOpenAiResponses(body)
      : readGemini(body, geminiModel, path.includes(":streamGenerateContent"));
    const decision = decide(script, request);
    const n = replies++;
    const usage = (script.usage ?? defaultUsage)(n);
    const id = `lab${n}`;
    const out = route === "anthropic"
      ? renderAnthropic(request, decision, usage, id)
      : route === "openai-chat"
      ? renderOpenAiChat(request, decision, usage, id)
      : route === "openai-responses"
      ? renderOpenAiResponses(request, decision, usage, id)
      : renderGemini(request, decision, usage);
    return { status: 200, ...out, record: { request, decision, usage } };
  };

  const countTokens = async (body: Record<string, unknown>, text: string) => {
    const c = script.countTokens ?? {};
    if (c.delayMs) await new Promise((r) => setTimeout(r, c.delayMs));
    if (c.status) {
      const error = c.error ?? { type: "error", error: { type: "api_error", message: "scripted" } };
      return { status: c.status, body: JSON.stringify(error) };
    }
    const n = typeof c.inputTokens === "function"
      ? c.inputTokens(body)
      : c.inputTokens ?? Math.ceil(text.length / 4);
    return { status: 200, body: JSON.stringify({ input_tokens: n }) };
  };

  const server = createServer(async (req, res) => {
    const url = req.url ?? "/";
    const path = url.split("?")[0];
    const method = req.method ?? "GET";
    const text = await readBody(req);
    let body: Record<string, unknown> | undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch { /* not JSON: recorded as text */ }
    const route = routeOf(method, path);
    const record: RecordedRequest = { method, url, route, text, body };
    requests.push(record);
    try {
      if (route === "head") return send(res, 200, "text/plain", "");
      if (route === "models") {
        return send(res, 200, "application/json", modelList(script.models ?? ["mock-model"]));
      }
      if (route === "count_tokens") {
        const out = await countTokens(body ?? {}, text);
        return send(res, out.status, "application/json", out.body);
      }
      if (route === "unknown" || !body) {
        return send(
          res,
          404,
          "application/json",
          JSON.stringify({ error: { message: `no route ${method} ${path}` } }),
        );
      }
      const out = model(route, path, body);
      Object.assign(record, out.record);
      send(res, out.status, out.type, out.body);
    } catch (err) {
      send(res, 500, "application/json", JSON.stringify({ error: { message: String(err) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    modelCalls: () => requests.filter((r) => r.usage !== undefined),
    totalUsage: () => {
      const sum: MockUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
      for (const r of requests) {
        if (!r.usage) continue;
        sum.input += r.usage.input;
        sum.output += r.usage.output;
        sum.cacheRead += r.usage.cacheRead;
        sum.cacheWrite += r.usage.cacheWrite;
      }
      return sum;
    },
    setScript: (next) => {
      script = next;
    },
    clear: () => {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
