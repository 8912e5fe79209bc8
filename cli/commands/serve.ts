import path from "node:path";
import { loadConfig } from "../config/load.ts";
import { startServer } from "../serve/index.ts";

export interface ServeCommandOptions {
  config?: string;
  dir: string;
  port: string;
  host: string;
}

/** `carta-docs serve`: serves a built site until interrupted. */
export async function runServeCommand(options: ServeCommandOptions): Promise<void> {
  const config = await loadConfig(options.config);
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535; got "${options.port}"`);
  const handle = await startServer({ dir: path.resolve(options.dir), basePath: config.baseUrl, port, host: options.host });
  process.stderr.write(`Serving ${path.relative(process.cwd(), path.resolve(options.dir)) || "."} at ${handle.url}\n(press Ctrl+C to stop)\n`);
  const stop = () => void handle.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
