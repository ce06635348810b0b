#!/usr/bin/env node
// Stands in for the real Acme Orders MCP server so the example runs from a clone.
import { serveTools } from "../_shared/tiny_mcp_server.mjs";

serveTools({ name: "acme-orders", version: "2.0.1" }, [
  { name: "list_orders", description: "List today's orders", answer: () => "2 orders: #1, #2" },
  { name: "cancel_order", description: "Cancel an order", answer: () => "cancelled" },
]);
