/**
 * PKCE S256 (RFC 7636) and the `state` value of a loopback login, from Web
 * Crypto only.
 *
 * @module
 */

/** Encodes bytes as unpadded base64url. */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** `bytes` random bytes as base64url (32 bytes → 43 characters). */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A PKCE pair: the verifier stays in memory, the challenge goes in the URL. */
export interface PkcePair {
  /** 43 characters of base64url (RFC 7636 §4.1). */
  verifier: string;
  /** `BASE64URL(SHA256(verifier))`. */
  challenge: string;
}

/** The S256 challenge of `verifier`. */
export async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A fresh PKCE verifier and its S256 challenge. */
export async function createPkce(): Promise<PkcePair> {
  const verifier = randomToken(32);
  return { verifier, challenge: await s256(verifier) };
}
