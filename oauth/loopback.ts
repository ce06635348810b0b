/**
 * The loopback redirect listener (RFC 8252 §7.3): bound to 127.0.0.1, it
 * answers exactly one request on the redirect path, checks `state` (and
 * `iss`, RFC 9207, when the server sends it) and hands back the code. Other
 * paths (a browser's favicon probe) get 404 and do not count.
 *
 * @module
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OAuthError } from "./errors.ts";

/** The page the browser shows after a successful login. */
export const SUCCESS_PAGE_TEXT = "Signed in — you can close this window.";

/** What the redirect carried. */
export interface LoopbackResult {
  /** The authorization code (kept in memory only). */
  code: string;
}

/** A listening loopback server. */
export interface LoopbackListener {
  /** `http://127.0.0.1:<port><path>`, the `redirect_uri`. */
  redirectUri: string;
  /** Settles with the code once the one request arrived (or rejects). */
  result: Promise<LoopbackResult>;
  /** Stops listening (idempotent). */
  close(): void;
}

/** Options of {@link startLoopback}. */
export interface LoopbackOptions {
  /** The port (0: ephemeral). */
  port: number;
  /** The redirect path, starting with "/". */
  path: string;
  /** The `state` sent in the authorization request. */
  state: string;
  /** True when the provider's response carries no `state` (bing): one that does come back is still checked. */
  stateOptional?: boolean;
  /** The issuer, when known: a differing `iss` parameter is rejected. */
  issuer?: string;
}

function page(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    connection: "close",
  });
  res.end(`<!doctype html><meta charset="utf-8"><title>${text}</title><p>${text}</p>\n`);
}

/** Starts the listener on 127.0.0.1. */
export async function startLoopback(options: LoopbackOptions): Promise<LoopbackListener> {
  let settle!: (result: LoopbackResult) => void;
  let fail!: (error: Error) => void;
  const result = new Promise<LoopbackResult>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  result.catch(() => {});
  let done = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (done || url.pathname !== options.path || req.method !== "GET") {
      page(res, 404, "Not found.");
      return;
    }
    done = true;
    const q = url.searchParams;
    const outcome = judge(q, options);
    if (outcome instanceof OAuthError) {
      page(res, 400, "Sign-in failed — return to the terminal for details.");
      fail(outcome);
    } else {
      page(res, 200, SUCCESS_PAGE_TEXT);
      settle(outcome);
    }
    close();
  });
  const close = () => {
    server.close();
    server.closeIdleConnections?.();
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new OAuthError(
          "config",
          `cannot listen on 127.0.0.1:${options.port} for the login redirect: ${
            error.code ?? error.message
          }`,
          { hint: error.code === "EADDRINUSE" ? "free the port or pass --port <n>" : undefined },
        ),
      );
    });
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return { redirectUri: `http://127.0.0.1:${port}${options.path}`, result, close };
}

function judge(q: URLSearchParams, options: LoopbackOptions): LoopbackResult | OAuthError {
  const state = q.get("state");
  // Without state (bing-webmaster) the login is bound by the fixed redirect URI alone.
  const stateOk = state === options.state || (state === null && options.stateOptional === true);
  if (!stateOk) {
    return new OAuthError(
      "authorization",
      "the authorization response's state does not match this login (another page or program answered the redirect)",
      { hint: "run auth login again" },
    );
  }
  const iss = q.get("iss");
  if (
    iss !== null && options.issuer !== undefined &&
    iss.replace(/\/$/, "") !== options.issuer.replace(/\/$/, "")
  ) {
    return new OAuthError(
      "authorization",
      `the authorization response came from issuer "${iss}", not "${options.issuer}"`,
    );
  }
  const error = q.get("error");
  if (error !== null) {
    const description = q.get("error_description");
    return new OAuthError(
      "provider",
      `the provider refused the authorization: ${error}${description ? `: ${description}` : ""}`,
      { error, errorDescription: description ?? undefined },
    );
  }
  const code = q.get("code");
  if (!code) {
    return new OAuthError("authorization", "the authorization response carries no code");
  }
  return { code };
}
