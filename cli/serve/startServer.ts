/** Starts an HTTP server for a built site folder. */
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler, type RequestHandlerOptions } from "./requestHandler.ts";
import { normalizeBasePath } from "./routeToFile.ts";

export interface ServeOptions extends RequestHandlerOptions {
  /** 3000 by default; 0 picks any free port. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
}

export interface ServerHandle {
  /** The site's home page, e.g. "http://127.0.0.1:3000/carta-frontend/". */
  url: string;
  /** The port actually bound (useful with port 0). */
  port: number;
  /** Stops listening and ends open connections, including long-lived ones such as event streams. */
  close(): Promise<void>;
  server: Server;
}

export async function startServer(options: ServeOptions): Promise<ServerHandle> {
  const { port: requestedPort = 3000, host = "127.0.0.1" } = options;
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new Error(`Port ${requestedPort} is not valid; choose a whole number from 0 to 65535 with --port`);
  }
  const folder = await stat(options.dir).catch(() => undefined);
  if (!folder?.isDirectory()) {
    throw new Error(`Cannot serve ${options.dir}: it is not a folder; build the site first or choose another folder`);
  }

  const server = createServer(createRequestHandler(options));
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, requestedPort, host)));
    server.listen(requestedPort, host, () => {
      server.removeAllListeners("error");
      resolve();
    });
  });

  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostForUrl(host)}:${port}${normalizeBasePath(options.basePath)}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const message =
    error.code === "EADDRINUSE"
      ? `Port ${port} on ${host} is already in use; choose another with --port`
      : `Cannot listen on ${host} port ${port}: ${error.message}`;
  return new Error(message, { cause: error });
}

/** Wildcard addresses are not browsable; IPv6 literals need brackets in a URL. */
function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}
