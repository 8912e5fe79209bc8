/** `carta-docs serve`: the built site served the way a static host serves it. */
export { startServer, type ServeOptions, type ServerHandle } from "./startServer.ts";
export type { RequestLogEntry } from "./requestHandler.ts";
