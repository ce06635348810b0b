// Three logins, three ways to supply the OAuth app (spec §2.2):
// - google: a literal client id and secret (Google documents an installed
//   app's secret as not confidential);
// - bing: the developer's token exchange service holds the secret
//   (token-exchange-service.mjs beside this file);
// - posthog: a public client whose id is the URL of its metadata document.
// The user authorizes each once (`seo auth login google`); the server then
// asks for access tokens with getAccessToken (server.mjs).
import process from "node:process";
import { fileURLToPath } from "node:url";
import { defineConnector } from "@ken-jo/agent-connector/sdk";

export default defineConnector({
  // The server imports the SDK, so it runs on the runtime that resolves it
  // here: Deno from a clone of the repository, Node from node_modules. A
  // published server would be `npx -y @acme/seo-mcp`.
  server: {
    transport: "stdio",
    command: process.execPath,
    args: [
      ...("Deno" in globalThis ? ["run", "--allow-all"] : []),
      fileURLToPath(new URL("./server.mjs", import.meta.url)),
    ],
  },
  oauth: {
    google: {
      provider: "google",
      clientId: "1234567890-seo.apps.googleusercontent.com",
      clientSecret: "GOCSPX-example-not-confidential",
      scopes: ["https://www.googleapis.com/auth/webmasters.readonly"],
    },
    bing: {
      provider: "bing-webmaster",
      clientId: "seo-example-bing-client",
      tokenExchangeUrl: "https://seo.acme.dev/oauth/bing/token",
      scopes: ["webmaster.read"],
      redirectPort: 8765,
      redirectPath: "/callback.html",
    },
    posthog: {
      provider: "posthog",
      clientId: "https://seo.acme.dev/oauth/posthog-client.json",
      scopes: ["query:read"],
      options: { region: "us" },
    },
  },
});
