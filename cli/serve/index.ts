/** `carta-docs serve`: the built site served the way a static host serves it. */
export { startServer, type ServeOptions, type ServerHandle } from "./start-server.ts";
export type { RequestLogEntry } from "./request-handler.ts";
