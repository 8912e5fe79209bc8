/** Files the build emits besides pages: content images and bundles, named by content hash. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

function contentHash(data: string | Buffer): string {
  return crypto.createHash("sha256").update(data).digest("hex").slice(0, 10);
}

export class AssetRegistry {
  /** Output path (relative to the build folder) → content. */
  readonly files = new Map<string, Buffer | string>();
  private readonly bySource = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** Emits `assets/<folder>/<name>.<hash><ext>` with the given content and returns its route. */
  add(name: string, content: Buffer | string, folder = ""): string {
    const ext = path.extname(name);
    const stem = path.basename(name, ext).replace(/[^A-Za-z0-9_-]/g, "-");
    const rel = path.posix.join("assets", folder, `${stem}.${contentHash(content)}${ext}`);
    this.files.set(rel, content);
    return this.baseUrl + rel;
  }

  /** Copies a content file (an image) once, however many pages use it. */
  addFile(file: string): string {
    const known = this.bySource.get(file);
    if (known) return known;
    const route = this.add(path.basename(file), fs.readFileSync(file), "images");
    this.bySource.set(file, route);
    return route;
  }
}
