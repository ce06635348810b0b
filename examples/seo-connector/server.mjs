#!/usr/bin/env node
// The SEO MCP server: each tool gets a fresh access token for its provider
// with getAccessToken (never stored on disk, refreshed when it expires) and
// calls the provider's API. Before `seo auth login <key>`, a tool answers
// with the command to run instead.
import { getAccessToken } from "@ken-jo/agent-connector/sdk";
import { serveTools } from "../_shared/tiny_mcp_server.mjs";

const CONNECTOR = "seo";

async function call(key, url) {
  let token;
  try {
    ({ accessToken: token } = await getAccessToken({
      connectorId: CONNECTOR,
      key,
      interactive: "never",
    }));
  } catch (error) {
    return `not logged in to ${key} (${error.message}) — run: seo auth login ${key}`;
  }
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return `${response.status} ${await response.text()}`;
}

serveTools({ name: "seo", version: "0.3.0" }, [
  {
    name: "search_console_sites",
    description: "List the sites in Google Search Console",
    answer: () => call("google", "https://www.googleapis.com/webmasters/v3/sites"),
  },
  {
    name: "bing_sites",
    description: "List the sites in Bing Webmaster Tools",
    answer: () => call("bing", "https://ssl.bing.com/webmaster/api.svc/json/GetUserSites"),
  },
  {
    name: "posthog_projects",
    description: "List the PostHog projects this login can read",
    answer: () => call("posthog", "https://us.posthog.com/api/projects/"),
  },
]);
