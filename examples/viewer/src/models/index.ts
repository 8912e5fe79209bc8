/**
 * Plain data shapes shared across the viewer: pixel positions, polarizations, catalogs, snippets and the
 * saved-workspace format, and tile coordinates.
 *
 * @packageDocumentation
 */
export * from "./AbstractCatalogProfile/AbstractCatalogProfile";
export * from "./Point2D/Point2D";
export * from "./PolarizationDefinition/PolarizationDefinition";
export * from "./Snippet/Snippet";
export * from "./Tile/TileCoordinate";
export * from "./Workspace";
