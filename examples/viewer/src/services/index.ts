/**
 * Singleton services that talk to the outside world: the CARTA backend, online catalogs, external scripts, the
 * telemetry server, and the GPU.
 *
 * @packageDocumentation
 */
export * from "./BackendService";
export * from "./CatalogApiService";
export * from "./ScriptingService";
export * from "./TelemetryService";
export * from "./TileService";
export * from "./TileWebGLService";
