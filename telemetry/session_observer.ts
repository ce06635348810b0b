/**
 * Follows one MCP session's JSON-RPC messages as the proxy sees them and
 * reports what telemetry measures: each `tools/call` with its response,
 * the first complete `tools/list` (all pages), and the client's
 * `initialize.clientInfo`.
 *
 * Requests are paired with responses PER DIRECTION: a response travelling
 * server→client answers a request the client sent, and vice versa. Server→
 * client requests (sampling, roots, elicitation) have their own id space, so
 * a client's answer to the server's request 1 is never taken for the result
 * of the client's call 1. JSON-RPC batches (arrays) are followed element by
 * element. Pending maps are bounded.
 *
 * @module
 */

import type { ClientInfo } from "./model_family.ts";

/** Who sent a message. */
export type Sender = "client" | "server";

/** A finished (or abandoned) `tools/call`. */
export interface CallObserved {
  /** The tool's name. */
  toolName: string;
  /** `params.arguments` as sent. */
  arguments: unknown;
  /** The response, when one came. */
  response?: { result?: unknown; error?: unknown };
  /** How the call ended. */
  end: "response" | "cancelled" | "no-response";
}

/** What the observer reports. */
export interface SessionEvents {
  /** The client's `initialize` request was seen. */
  onClientInfo?(info: ClientInfo): void;
  /** A call ended. */
  onCall?(call: CallObserved): void;
  /** The first complete tool listing (every page) was seen. */
  onToolDefs?(tools: unknown[]): void;
}

/** The observer of one session. */
export interface SessionObserver {
  /** Follows one parsed message. */
  observe(from: Sender, message: unknown): void;
  /**
   * Reports every call still waiting for a response as `no-response` (at
   * exit), except those that were waiting when bytes were lost
   * ({@link SessionObserver.bytesLost}): their answer may have been in the
   * lost bytes, so they are forgotten instead (no row rather than a wrong one).
   */
  abandonPending(): void;
  /**
   * Bytes of the session were lost. Requests waiting now stay paired: an
   * answer that comes whole after the loss still ends its call.
   */
  bytesLost(): void;
}

const MAX_PENDING = 10_000;

interface Pending {
  method: string;
  params: Record<string, unknown>;
  /** Was waiting when bytes were lost: its answer may be gone. */
  lost?: boolean;
}

/** Creates an observer; `measureToolDefs: false` skips tool listings. */
export function createSessionObserver(
  events: SessionEvents,
  options: { measureToolDefs?: boolean } = {},
): SessionObserver {
  const measureDefs = options.measureToolDefs ?? true;
  // Requests each side sent, by id key, awaiting the other side's response.
  const sentBy: Record<Sender, Map<string, Pending>> = { client: new Map(), server: new Map() };
  let defsDone = !measureDefs;
  let defsPages: unknown[] | undefined;

  const keyOf = (id: unknown) => `${typeof id}:${String(id)}`;

  function remember(from: Sender, id: unknown, pending: Pending) {
    const map = sentBy[from];
    if (map.size >= MAX_PENDING) map.delete(map.keys().next().value!);
    map.set(keyOf(id), pending);
  }

  function onRequest(from: Sender, m: Record<string, unknown>) {
    const method = m.method as string;
    const params = (m.params && typeof m.params === "object" ? m.params : {}) as Record<
      string,
      unknown
    >;
    if (m.id === undefined || m.id === null) {
      // A notification. A client's cancellation ends its own pending call.
      if (from === "client" && method === "notifications/cancelled") {
        const key = keyOf(params.requestId);
        const pending = sentBy.client.get(key);
        if (pending?.method === "tools/call") {
          sentBy.client.delete(key);
          events.onCall?.(call(pending, undefined, "cancelled"));
        }
      }
      return;
    }
    if (from === "client" && method === "initialize") {
      const info = params.clientInfo;
      if (info && typeof info === "object") events.onClientInfo?.(info as ClientInfo);
    }
    // Only the client's calls and listings are measured; a server's own
    // requests (sampling, roots) need no tracking because responses are
    // matched only against requests of the opposite sender.
    if (from === "client" && (method === "tools/call" || (method === "tools/list" && !defsDone))) {
      remember(from, m.id, { method, params });
    }
  }

  function onResponse(from: Sender, m: Record<string, unknown>) {
    // A response from one side answers a request the OTHER side sent.
    const asker: Sender = from === "server" ? "client" : "server";
    const key = keyOf(m.id);
    const pending = sentBy[asker].get(key);
    if (!pending) return;
    sentBy[asker].delete(key);
    const response = { result: m.result, error: m.error };
    if (pending.method === "tools/call") {
      events.onCall?.(call(pending, response, "response"));
    } else if (pending.method === "tools/list" && !defsDone) {
      const result = m.result as { tools?: unknown; nextCursor?: unknown } | undefined;
      if (!result || !Array.isArray(result.tools)) return;
      const firstPage = pending.params.cursor === undefined;
      if (firstPage) defsPages = [];
      if (!defsPages) return;
      defsPages.push(...result.tools);
      if (typeof result.nextCursor !== "string" || result.nextCursor === "") {
        defsDone = true;
        events.onToolDefs?.(defsPages);
        defsPages = undefined;
      }
    }
  }

  function observeOne(from: Sender, message: unknown) {
    if (!message || typeof message !== "object" || Array.isArray(message)) return;
    const m = message as Record<string, unknown>;
    if (typeof m.method === "string") onRequest(from, m);
    else if (m.id !== undefined && ("result" in m || "error" in m)) onResponse(from, m);
  }

  return {
    observe(from, message) {
      if (Array.isArray(message)) { for (const item of message) observeOne(from, item); }
      else observeOne(from, message);
    },
    bytesLost() {
      for (const pending of sentBy.client.values()) pending.lost = true;
    },
    abandonPending() {
      for (const pending of sentBy.client.values()) {
        if (pending.method === "tools/call" && !pending.lost) {
          events.onCall?.(call(pending, undefined, "no-response"));
        }
      }
      sentBy.client.clear();
      sentBy.server.clear();
    },
  };
}

function call(
  pending: Pending,
  response: CallObserved["response"],
  end: CallObserved["end"],
): CallObserved {
  const name = pending.params.name;
  return {
    toolName: typeof name === "string" ? name : "(unnamed)",
    arguments: pending.params.arguments,
    response,
    end,
  };
}
