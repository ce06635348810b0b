/**
 * Asserts that defineConnector rejects a config with one exact message.
 *
 * @module
 */

import assert from "node:assert/strict";
import { ConnectorConfigError } from "../../core/errors.ts";
import { defineConnector } from "../../core/define_connector.ts";
import type { ConnectorConfig, ResolvedConnector } from "../../core/types.ts";

/** Runs defineConnector on `config` and asserts a ConnectorConfigError with `message`. */
export function rejects(config: unknown, message: string): void {
  assert.throws(
    () => defineConnector(config as ConnectorConfig),
    (error: unknown) => {
      assert.ok(
        error instanceof ConnectorConfigError,
        `expected ConnectorConfigError, got ${error}`,
      );
      assert.equal(error.message, message);
      return true;
    },
  );
}

/** A minimal valid stdio server. */
export const STDIO: { transport: "stdio"; command: string } = {
  transport: "stdio",
  command: "node",
};

/** A config with a valid server and `extra` fields merged in. */
export function withServer(extra: Record<string, unknown> = {}): ConnectorConfig {
  return { id: "t", server: { ...STDIO }, ...extra } as ConnectorConfig;
}

/** defineConnector over loosely typed test data. */
export function define(config: unknown): ResolvedConnector {
  return defineConnector(config as ConnectorConfig);
}
