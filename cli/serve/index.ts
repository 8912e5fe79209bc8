/** `carta-docs serve`: the built site served the way a static host serves it. */
export { startServer, type ServeOptions, type ServerHandle } from "./startServer.ts";
export { createRequestHandler, type RequestHandlerOptions, type RequestLogEntry } from "./requestHandler.ts";
