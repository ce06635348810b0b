/**
 * A real OAuth 2.0 / OIDC authorization server (oidc-provider, pinned in
 * deno.json) on 127.0.0.1 for the oauth tests, run by Deno as its own
 * process, plus a headless "browser": a fetch loop that follows redirects,
 * keeps cookies and submits the server's stock login and consent forms.
 *
 * Public clients: `agent-connector` (token_endpoint_auth none, PKCE);
 * confidential: `confidential-app` with secret {@link CONFIDENTIAL_SECRET}.
 *
 * @module
 */

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import process from "node:process";
import { fileURLToPath } from "node:url";

/** The confidential test client's secret. */
export const CONFIDENTIAL_SECRET = "test-client-secret-0123456789";

const SERVER = fileURLToPath(new URL("../fixtures/oauth/server.mjs", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A running authorization server. */
export interface OAuthTestServer {
  /** `http://127.0.0.1:<port>`. */
  issuer: string;
  /** Stops it. */
  stop(): Promise<void>;
}

/** Starts the server; `atTtl` sets the access token lifetime in seconds. */
export async function startOAuthServer(atTtl = 600): Promise<OAuthTestServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["run", "-A", "--quiet", SERVER, "0"],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, AT_TTL: String(atTtl), DEBUG: "", NO_COLOR: "1" },
    },
  );
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, "line").then(([line]) => line as string),
    once(child, "exit").then(() => {
      throw new Error(`the oauth test server exited before it was ready:\n${stderr}`);
    }),
  ]);
  const { issuer } = JSON.parse(first);
  return {
    issuer,
    async stop() {
      lines.close();
      if (child.exitCode === null) {
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** What the headless browser saw last. */
export interface BrowseResult {
  /** The last URL. */
  url: string;
  /** Its HTTP status. */
  status: number;
  /** Its body. */
  html: string;
}

/** Options of {@link browse}. */
export interface BrowseOptions {
  /** Rewrites every redirect target before it is followed (a provider quirk, a forged answer). */
  rewriteRedirect?: (url: string) => string;
}

/** Follows `url` like a browser whose user approves everything. */
export async function browse(url: string, options: BrowseOptions = {}): Promise<BrowseResult> {
  const jar = new Map<string, string>();
  let method = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 25; hop++) {
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(url, { method, body, headers, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      url = new URL(res.headers.get("location")!, url).href;
      if (options.rewriteRedirect) url = options.rewriteRedirect(url);
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = html.match(/<form\b[^>]*>([\s\S]*?)<\/form>/i);
    if (!form) return { url, status: res.status, html };
    const action = form[0].match(/action="([^"]*)"/i)?.[1] ?? url;
    const fields = new URLSearchParams();
    for (const input of form[1].matchAll(/<input\b([^>]*)>/gi)) {
      const name = input[1].match(/name="([^"]*)"/)?.[1];
      if (!name) continue;
      let value = input[1].match(/value="([^"]*)"/)?.[1] ?? "";
      if (name === "login") value = "alice";
      if (name === "password") value = "any-password";
      fields.set(name, value.replaceAll("&amp;", "&").replaceAll("&#x2F;", "/"));
    }
    url = new URL(action.replaceAll("&amp;", "&"), url).href;
    method = "POST";
    body = fields.toString();
  }
  throw new Error("the headless browser followed too many hops");
}
