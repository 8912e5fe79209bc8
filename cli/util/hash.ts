/**
 * Short content hashes for cache keys. One-shot `hash` (Node 20.12+) makes no Hash object: an edit at 10,000 docs
 * hashes a key or more per page, tens of thousands, and ~1 KB keys hash in half the time createHash took.
 */
import { hash, webcrypto } from "node:crypto";

export function sha256(text: string): string {
  return hash("sha256", text, "hex");
}

export function sha1(text: string): string {
  return hash("sha1", text, "base64url");
}

/**
 * The SHA-256 of `bytes` in hex, computed on libuv's threads (WebCrypto's digest runs there), so that hashing
 * megabytes does not hold up this thread.
 */
export async function sha256Apart(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest("SHA-256", bytes)).toString("hex");
}
