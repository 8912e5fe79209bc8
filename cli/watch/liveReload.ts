/**
 * Live reload for watch mode: an event stream (server-sent events) that tells open pages to reload when
 * their page was rebuilt, and to show or hide an overlay listing the errors of a failed build. The script
 * is injected into HTML responses by the server; the built files never contain it.
 */
import type { RequestListener, ServerResponse } from "node:http";
import type { Diagnostic } from "../util/diagnostics.ts";

/** Outside every site's base path, so it can never shadow a page. */
export const EVENTS_PATH = "/__carta-docs/events";

/** Events: hello (the session, so a restarted server reloads the page), reload, build-error, build-ok. */
const CLIENT_SCRIPT = `(() => {
  const norm = (p) => p.replace(/(\\/index)?\\.html$/, "").replace(/\\/+$/, "") || "/";
  const source = new EventSource(${JSON.stringify(EVENTS_PATH)});
  let session, overlay;
  const on = (name, handle) => source.addEventListener(name, (e) => handle(JSON.parse(e.data)));
  on("hello", (d) => { if (session && d.session !== session) location.reload(); session = d.session; });
  on("reload", (d) => { if (!d.routes || d.routes.map(norm).includes(norm(location.pathname))) location.reload(); });
  on("build-ok", () => { overlay?.remove(); overlay = undefined; });
  on("build-error", (d) => {
    overlay?.remove();
    overlay = document.createElement("div");
    overlay.id = "carta-docs-overlay";
    overlay.setAttribute("role", "alert");
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(24,24,27,.94);color:#fafafa;font:14px/1.6 ui-monospace,SFMono-Regular,Menlo,monospace";
    const title = document.createElement("h2");
    title.style.cssText = "margin:0 0 1rem;color:#f87171;font-size:1.1rem";
    title.textContent = "Build failed: " + d.errors.length + (d.errors.length === 1 ? " error" : " errors") + ". The last good build is shown; fix the file and the page reloads.";
    overlay.append(title);
    for (const e of d.errors) {
      const line = document.createElement("p");
      const where = document.createElement("strong");
      where.textContent = (e.file ? e.file + (e.line ? ":" + e.line : "") : "(site)") + " ";
      line.append(where, e.message);
      overlay.append(line);
    }
    const close = document.createElement("button");
    close.textContent = "Dismiss";
    close.onclick = () => overlay.remove();
    overlay.append(close);
    document.body.append(overlay);
  });
})();`;

export interface ReloadMessage {
  /** Routes whose page changed; null reloads every open page. */
  routes: string[] | null;
  /** When the change was seen and when the pages were written (epoch ms), for latency measurements. */
  changedAt?: number;
  writtenAt: number;
}

export class LiveReload {
  private readonly clients = new Set<ServerResponse>();
  private errors: Diagnostic[] = [];
  private readonly session = Date.now().toString(36);

  /** The event stream endpoint, for the server's `routes`. */
  readonly route: RequestListener = (req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive" });
    this.clients.add(res);
    req.once("close", () => this.clients.delete(res));
    send(res, "hello", { session: this.session });
    // A page loaded while the build is broken shows the overlay at once.
    if (this.errors.length > 0) send(res, "build-error", { errors: this.errors });
  };

  /** Adds the client script to an HTML page, for the server's `inject`. */
  readonly inject = (html: string): string => {
    const script = `<script>${CLIENT_SCRIPT}</script>`;
    const end = html.lastIndexOf("</body>");
    return end === -1 ? html + script : html.slice(0, end) + script + html.slice(end);
  };

  get clientCount(): number {
    return this.clients.size;
  }

  reload(message: ReloadMessage): void {
    this.broadcast("reload", message);
  }

  /** Shows the overlay with these errors on every open page, or hides it when there are none. */
  setErrors(errors: Diagnostic[]): void {
    const hadErrors = this.errors.length > 0;
    this.errors = errors;
    if (errors.length > 0) this.broadcast("build-error", { errors });
    else if (hadErrors) this.broadcast("build-ok", {});
  }

  private broadcast(event: string, data: unknown): void {
    for (const client of this.clients) send(client, event, data);
  }
}

function send(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
