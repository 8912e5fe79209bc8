/** The request listener: safety checks, extra routes, then the built site as a static host serves it. */
import { readFile } from "node:fs/promises";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { BodyCache } from "./bodyCache.ts";
import { contentTypeFor } from "./contentType.ts";
import { findFile, type FoundFile } from "./findFile.ts";
import { parseRequestTarget } from "./requestTarget.ts";
import { redirect, sendBody, sendFile, sendText } from "./responses.ts";
import { normalizeBasePath, resolveRoute } from "./routeToFile.ts";

export interface RequestLogEntry {
  method: string;
  /** The request target as sent. */
  url: string;
  status: number;
  durationMs: number;
  /** Set when the server failed (status 500, or a response cut short). */
  error?: unknown;
}

export interface RequestHandlerOptions {
  /** The built site, e.g. "build". */
  dir: string;
  /** The site's base path, e.g. "/carta-frontend/"; missing slashes are added. */
  basePath: string;
  /** Applied to every HTML body served, e.g. to add a live-reload script. */
  inject?: (html: string) => string;
  /**
   * Handlers for exact decoded paths (e.g. "/__carta-docs/events"), consulted before the site.
   * They see every method and must answer themselves.
   */
  routes?: Record<string, RequestListener>;
  /** Called once per request when its response is finished or aborted. Without it, failures go to stderr. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export function createRequestHandler(options: RequestHandlerOptions): RequestListener {
  const { dir, inject, onRequest } = options;
  const basePath = normalizeBasePath(options.basePath);
  const routes = new Map(Object.entries(options.routes ?? {}));
  const readBody = async (file: FoundFile): Promise<Buffer> => {
    const bytes = await readFile(file.path);
    return inject && contentTypeFor(file.path).html ? Buffer.from(inject(bytes.toString("utf8"))) : bytes;
  };
  const cache = new BodyCache(readBody);

  const sendNotFound = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const page = await findFile(dir, ["404.html"]);
    if (!page) return sendText(req, res, 404, "Not found");
    sendBody(req, res, 404, await readBody(page), {
      "Content-Type": contentTypeFor(page.path).header,
      "Cache-Control": "no-cache",
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const parsed = parseRequestTarget(req.url ?? "");
    if (!parsed.ok) return sendText(req, res, parsed.status, parsed.reason);
    const route = routes.get(parsed.target.path);
    if (route) return route(req, res);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return sendText(req, res, 405, `Method ${req.method} is not allowed; use GET or HEAD`);
    }
    const decision = resolveRoute(parsed.target, basePath);
    if (decision.kind === "redirect") return redirect(res, decision.status, decision.location);
    const file = decision.kind === "file" ? await findFile(dir, decision.candidates) : undefined;
    if (!file) return sendNotFound(req, res);
    return sendFile(req, res, file, cache, inject !== undefined);
  };

  return (req, res) => {
    const started = performance.now();
    let failure: unknown;
    if (onRequest) {
      res.once("close", () =>
        onRequest({
          method: req.method ?? "",
          url: req.url ?? "",
          status: res.statusCode,
          durationMs: performance.now() - started,
          ...(failure !== undefined && { error: failure }),
        }),
      );
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    handle(req, res).catch((error: unknown) => {
      failure = error;
      if (!onRequest) console.error(`carta-docs serve: ${req.method} ${req.url} failed:`, error);
      if (res.headersSent) res.destroy();
      else sendText(req, res, 500, "Internal server error");
    });
  };
}
