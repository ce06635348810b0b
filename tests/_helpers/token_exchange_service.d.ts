// Types for examples/seo-connector/token-exchange-service.mjs, a plain
// JavaScript example that the tests import.
import type { Server } from "node:http";

export function createTokenExchangeService(config: {
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  clientAuth?: "post" | "basic";
  perMinute?: number;
  fetch?: typeof fetch;
}): Server;
