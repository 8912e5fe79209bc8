/**
 * Singletons that talk to the outside world: the CARTA backend and the server's HTTP API, online catalogues,
 * external scripts, the telemetry server and the GPU.
 *
 * @packageDocumentation
 */
export * from "./ApiService";
export * from "./BackendService";
export * from "./CatalogApiService";
export * from "./ScriptingService";
export * from "./TelemetryService";
export * from "./TileService";
export * from "./TileWebGLService";
