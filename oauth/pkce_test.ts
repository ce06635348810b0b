import { test } from "node:test";
import assert from "node:assert/strict";
import { createPkce, s256 } from "./pkce.ts";

test("the PKCE S256 challenge matches RFC 7636 appendix B", async () => {
  assert.equal(
    await s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
    "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  );
});

test("a fresh PKCE pair has a 43-character verifier whose S256 is the challenge", async () => {
  const a = await createPkce();
  const b = await createPkce();
  assert.match(a.verifier, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(a.challenge, await s256(a.verifier));
  assert.notEqual(a.verifier, b.verifier);
});
