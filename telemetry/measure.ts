/**
 * What is counted for each MCP message (spec §5): a call's input is its
 * `params.arguments` (as compact JSON); its output is every `result.content[]`
 * item — text tokenized, an image priced from its pixel size, audio and
 * binary resource blobs not tokenized — plus `structuredContent` (as compact
 * JSON), or a JSON-RPC error's message. Tool definitions are the
 * `tools/list` result's `tools` array (as compact JSON).
 *
 * A {@link MeasurePlan} lists the texts to tokenize and the tokens already
 * known, so the caller decides when (and whether) to run the tokenizer.
 *
 * @module
 */

import { type ContentKind, heuristicTokens, imageTokens } from "./heuristic.ts";
import { type CountFn, countText, type TokenCount } from "./tokenizer.ts";

/** The work of measuring one side of a message. */
export interface MeasurePlan {
  /** Texts to tokenize. */
  texts: Array<{ text: string; kind: ContentKind }>;
  /** Tokens estimated without the tokenizer (images). */
  fixedTokens: number;
  /** True when some part (an image, audio, a blob) could only be estimated. */
  estimated: boolean;
}

/** A finished measurement. */
export interface Measured {
  /** Tokens. */
  tokens: number;
  /** `exact`: tokenizer counts only; `approx`: a long run was cut; `heuristic`: some part estimated. */
  quality: "exact" | "approx" | "heuristic";
}

const EMPTY: MeasurePlan = { texts: [], fixedTokens: 0, estimated: false };

/** Plans the input side of a `tools/call`: its arguments. */
export function planArguments(args: unknown): MeasurePlan {
  if (args === undefined) return EMPTY;
  return {
    texts: [{ text: JSON.stringify(args), kind: "json" }],
    fixedTokens: 0,
    estimated: false,
  };
}

/** Plans the output side of a `tools/call` response (result or error). */
export function planResponse(response: { result?: unknown; error?: unknown }): MeasurePlan {
  const plan: MeasurePlan = { texts: [], fixedTokens: 0, estimated: false };
  if (response.error && typeof response.error === "object") {
    const error = response.error as { message?: unknown; data?: unknown };
    if (typeof error.message === "string") plan.texts.push({ text: error.message, kind: "text" });
    if (error.data !== undefined) {
      plan.texts.push({ text: JSON.stringify(error.data), kind: "json" });
    }
    return plan;
  }
  const result = response.result as { content?: unknown; structuredContent?: unknown } | undefined;
  if (!result || typeof result !== "object") return plan;
  if (Array.isArray(result.content)) {
    for (const item of result.content) addContent(plan, item);
  }
  if (result.structuredContent !== undefined) {
    plan.texts.push({ text: JSON.stringify(result.structuredContent), kind: "json" });
  }
  return plan;
}

function addContent(plan: MeasurePlan, item: unknown): void {
  if (!item || typeof item !== "object") return;
  const c = item as Record<string, unknown>;
  if (c.type === "text" && typeof c.text === "string") {
    plan.texts.push({ text: c.text, kind: "text" });
  } else if (c.type === "image") {
    plan.fixedTokens += imageTokens(typeof c.data === "string" ? c.data : "");
    plan.estimated = true;
  } else if (c.type === "audio") {
    plan.estimated = true;
  } else if (c.type === "resource" && c.resource && typeof c.resource === "object") {
    const r = c.resource as Record<string, unknown>;
    if (typeof r.uri === "string") plan.texts.push({ text: r.uri, kind: "text" });
    if (typeof r.text === "string") plan.texts.push({ text: r.text, kind: "text" });
    if (typeof r.blob === "string") plan.estimated = true;
  } else {
    // resource_link and future item types: their JSON is what a host can show the model.
    plan.texts.push({ text: JSON.stringify(item), kind: "json" });
  }
}

/** Which part of a whole JSON-RPC line is measured: a request's arguments or a response. */
export type LinePart = "arguments" | "response";

/**
 * Plans `part` of one whole JSON-RPC message line (its text) exactly as the
 * message's parsed form would be planned: a request's `params.arguments`
 * ({@link planArguments}), a response's result or error ({@link planResponse}).
 * Throws SyntaxError when the line is not JSON.
 */
export function planLine(text: string, part: LinePart): MeasurePlan {
  const m = JSON.parse(text) as Record<string, unknown> | null;
  if (!m || typeof m !== "object") return EMPTY;
  if (part === "arguments") {
    const params = m.params as Record<string, unknown> | undefined;
    return planArguments(params && typeof params === "object" ? params.arguments : undefined);
  }
  return planResponse({ result: m.result, error: m.error });
}

/** Plans the tool-definition overhead from a `tools/list` result's tools. */
export function planToolDefs(tools: readonly unknown[]): MeasurePlan {
  return {
    texts: [{ text: JSON.stringify(tools), kind: "json" }],
    fixedTokens: 0,
    estimated: false,
  };
}

/** Characters the plan would tokenize (for backlog accounting). */
export function planSize(plan: MeasurePlan): number {
  let n = 0;
  for (const t of plan.texts) n += t.text.length;
  return n;
}

/** Measures a plan with the labeled heuristic only. */
export function measureHeuristic(plan: MeasurePlan): Measured {
  let tokens = plan.fixedTokens;
  for (const t of plan.texts) tokens += heuristicTokens(t.text, t.kind);
  return { tokens, quality: "heuristic" };
}

/** A plan's measurement from the counts of its texts (in the plan's order). */
export function measureFromCounts(plan: MeasurePlan, counts: readonly TokenCount[]): Measured {
  let tokens = plan.fixedTokens;
  let exact = true;
  for (const c of counts) {
    tokens += c.tokens;
    exact &&= c.exact;
  }
  return { tokens, quality: plan.estimated ? "heuristic" : exact ? "exact" : "approx" };
}

/** Measures a plan with `count` on the calling thread. */
export function measureWith(plan: MeasurePlan, count: CountFn): Measured {
  return measureFromCounts(plan, plan.texts.map((t) => countText(count, t.text)));
}
