/**
 * Only images are published as images. A markdown image names a file that the build copies into the output
 * as it is, so `![x](../../.env)` would publish the site's secrets: an image is accepted by its extension,
 * and then by the first bytes its format starts with (SVG, a text format, must hold an `<svg` element).
 */
import fs from "node:fs";
import path from "node:path";

function startsWith(prefix: string | number[], at = 0): (head: Buffer) => boolean {
  const bytes = typeof prefix === "string" ? Buffer.from(prefix, "latin1") : Buffer.from(prefix);
  return (head) => head.subarray(at, at + bytes.length).equals(bytes);
}

/** How far into an SVG file its `<svg` element may start (after an XML declaration, comments and a doctype). */
const SVG_HEAD_BYTES = 64 * 1024;

interface ImageType {
  name: string;
  /** Whether the first bytes of a file (up to SVG_HEAD_BYTES) are those of this format. */
  signature: (head: Buffer) => boolean;
}

const PNG: ImageType = { name: "PNG", signature: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) };
const JPEG: ImageType = { name: "JPEG", signature: startsWith([0xff, 0xd8, 0xff]) };

/** Image formats by extension (lower case). */
const IMAGE_TYPES: Record<string, ImageType> = {
  ".png": PNG,
  ".apng": PNG,
  ".jpg": JPEG,
  ".jpeg": JPEG,
  ".gif": { name: "GIF", signature: (head) => startsWith("GIF87a")(head) || startsWith("GIF89a")(head) },
  ".webp": { name: "WebP", signature: (head) => startsWith("RIFF")(head) && startsWith("WEBP", 8)(head) },
  ".avif": { name: "AVIF", signature: startsWith("ftyp", 4) },
  ".bmp": { name: "BMP", signature: startsWith("BM") },
  ".ico": { name: "ICO", signature: startsWith([0, 0, 1, 0]) },
  ".svg": { name: "SVG", signature: (head) => /<svg[\s>/]/.test(head.toString("utf8")) },
};

/** The accepted extensions, for messages: ".png, .apng, .jpg, ...". */
export const IMAGE_EXTENSIONS = Object.keys(IMAGE_TYPES).join(", ");

/** Why `file` (an existing file, not a folder) is not an image to publish, or undefined when it is one. */
export function imageProblem(file: string): string | undefined {
  const ext = path.extname(file).toLowerCase();
  const type = IMAGE_TYPES[ext];
  if (!type) return `${ext ? `a "${ext}" file` : "a file without an extension"} is not an image`;
  const stats = fs.statSync(file);
  const head = Buffer.alloc(Math.min(stats.size, SVG_HEAD_BYTES));
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return type.signature(head) ? undefined : `its content is not that of a ${type.name} file, as its extension says`;
}
