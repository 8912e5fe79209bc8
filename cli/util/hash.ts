/** Short content hashes for cache keys. */
import { createHash, webcrypto } from "node:crypto";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function sha1(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}

/**
 * The SHA-256 of `bytes` in hex, computed on libuv's threads (WebCrypto's digest runs there), so that hashing
 * megabytes does not hold up this thread.
 */
export async function sha256Apart(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest("SHA-256", bytes)).toString("hex");
}
