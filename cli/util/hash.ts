/** Short content hashes for cache keys. */
import { createHash } from "node:crypto";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function sha1(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}
