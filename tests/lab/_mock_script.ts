/**
 * The mock model's script: from one request, decide the reply. Stateless, so it serves
 * every host's request pattern (auxiliary title/memory requests, deferred tool search):
 * no tools offered → a short text; the target tool not yet answered → call it (through
 * the host's tool-search tool first when the target is not offered yet); a result
 * present → a final text quoting it.
 *
 * @module
 */
import type { MockDecision, ModelRequest, OfferedTool } from "./_mock_types.ts";

/** What a test asks the model to do. */
export interface MockScript {
  /** Call the tool whose name ends with `tool` with `args`; absent → answer directly. */
  tool?: { name: string; args: Record<string, unknown> };
  /** Tool-search tools a host defers MCP tools behind (default Qwen's and Droid's). */
  searchTools?: readonly string[];
  /** The text of a direct answer (default `"lab-answer"`). */
  answer?: string;
  /** Replaces the whole decision (custom tests). */
  decide?: (request: ModelRequest) => MockDecision;
}

/** Tool-search tools known to defer MCP tools: Qwen Code `tool_search`, Droid `ToolSearch`. */
export const DEFAULT_SEARCH_TOOLS: readonly string[] = ["tool_search", "ToolSearch"];

/** How many times the script calls a tool-search tool before it gives up and answers. */
export const MAX_SEARCHES = 3;

/** The final-answer prefix; a test can find it in the host's output. */
export const FINAL_PREFIX = "lab-final:";

function endsWithTool(name: string, tool: string): boolean {
  return name === tool ||
    (name.endsWith(tool) && /[^A-Za-z0-9]$/.test(name.slice(0, -tool.length)));
}

/** Fills a tool-search call's arguments: every required string property gets the query. */
function searchArgs(tool: OfferedTool, query: string): Record<string, unknown> {
  const props = (tool.schema?.properties ?? {}) as Record<string, { type?: string }>;
  const required = (tool.schema?.required ?? []) as string[];
  const args: Record<string, unknown> = {};
  for (const key of required) {
    if (props[key]?.type === "string" || props[key]?.type === undefined) args[key] = query;
    if (props[key]?.type === "number" || props[key]?.type === "integer") args[key] = 5;
  }
  if (Object.keys(args).length === 0) args[Object.keys(props)[0] ?? "query"] = query;
  return args;
}

/** Decides the reply to `request` under `script`. */
export function decide(script: MockScript, request: ModelRequest): MockDecision {
  if (script.decide) return script.decide(request);
  const answer = script.answer ?? "lab-answer";
  if (!script.tool || request.tools.length === 0) return { kind: "text", text: answer };
  const want = script.tool.name;
  const done = request.calls.find((c) => endsWithTool(c.name, want) && c.result !== undefined);
  if (done) return { kind: "text", text: `${FINAL_PREFIX} ${done.result}` };
  if (request.calls.some((c) => endsWithTool(c.name, want))) return { kind: "text", text: answer };
  const target = request.tools.find((t) => endsWithTool(t.name, want));
  if (target) {
    return { kind: "tool", name: target.name, namespace: target.namespace, args: script.tool.args };
  }
  const searchNames = script.searchTools ?? DEFAULT_SEARCH_TOOLS;
  const search = request.tools.find((t) => searchNames.includes(t.name));
  if (!search) return { kind: "text", text: answer };
  const searches = request.calls.filter((c) => c.name === search.name);
  // The search answered but the host did not add the tool to the list: call the name a
  // search result gave (Droid returns it in the result text). Only a prefixed name counts,
  // so a result that merely echoes the query ("no tool matches lab_lookup") does not.
  const pattern = new RegExp(`[\\w-]+[_-]${want}`);
  const named = searches.map((c) => c.result?.match(pattern)?.[0]).find(Boolean);
  if (named) return { kind: "tool", name: named, args: script.tool.args };
  // Nothing found yet: search (again). Droid 0.225.2 starts MCP servers with the session
  // and registers their tools only after its first model request may have gone out, so
  // a first search can miss a server that a second one, a step later, finds.
  if (searches.length < MAX_SEARCHES) {
    return { kind: "tool", name: search.name, args: searchArgs(search, want) };
  }
  return { kind: "text", text: answer };
}
