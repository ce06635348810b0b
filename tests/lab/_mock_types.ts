/**
 * Shared shapes of the lab's mock model server: what a request looks like once read
 * (whatever its wire API), what the mock decides to answer, and the usage it reports.
 *
 * @module
 */

/** The wire APIs the mock speaks. */
export type WireApi = "anthropic" | "openai-chat" | "openai-responses" | "gemini";

/**
 * Token counts of one reply. `input` is the whole prompt INCLUDING the cached part (the
 * OpenAI and Gemini convention); the Anthropic wire splits it into `input_tokens` (the
 * uncached rest), `cache_read_input_tokens` and `cache_creation_input_tokens`.
 */
export interface MockUsage {
  /** Prompt tokens, cached part included. */
  input: number;
  /** Completion tokens. */
  output: number;
  /** Prompt tokens read from the cache (part of `input`). */
  cacheRead: number;
  /** Prompt tokens written to the cache (part of `input`; Anthropic only). */
  cacheWrite: number;
}

/** One tool the host offered, as the model sees it. */
export interface OfferedTool {
  /** The name the model must call. */
  name: string;
  /** The Responses `namespace` the tool sits in (Codex MCP tools), if any. */
  namespace?: string;
  /** The tool's JSON schema for its arguments, when the request gave one. */
  schema?: Record<string, unknown>;
}

/** A tool call already in the conversation, with its result if the host sent one. */
export interface PastCall {
  /** The tool name called. */
  name: string;
  /** The result text the host sent back, if any. */
  result?: string;
}

/** A request read into the parts the script decides on. */
export interface ModelRequest {
  /** Which API it came in on. */
  api: WireApi;
  /** The model the host asked for. */
  model: string;
  /** True when the host asked for a stream. */
  stream: boolean;
  /** The tools offered. */
  tools: OfferedTool[];
  /** Tool calls already in the conversation, oldest first. */
  calls: PastCall[];
  /** The system prompt text (all parts joined). */
  system: string;
}

/** What the mock answers: text, or one tool call. */
export type MockDecision =
  | { kind: "text"; text: string }
  | { kind: "tool"; name: string; namespace?: string; args: Record<string, unknown> };
