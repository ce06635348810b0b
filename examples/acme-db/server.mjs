#!/usr/bin/env node
// Stands in for the real Acme DB MCP server so the example runs from a clone.
import { serveTools } from "../_shared/tiny_mcp_server.mjs";

serveTools({ name: "acme-db", version: "1.4.0" }, [
  { name: "acme_read", description: "Run a read-only query", answer: () => "3 rows" },
  { name: "acme_write", description: "Run a write statement", answer: () => "1 row changed" },
]);
