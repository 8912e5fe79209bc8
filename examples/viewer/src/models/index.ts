/**
 * Plain data shapes shared across the viewer: pixel positions and ranges, polarizations, catalogs, spectral
 * lines, HiPS surveys and the saved-workspace format.
 *
 * @packageDocumentation
 */
export * from "./Catalog/CatalogInfo";
export * from "./Hips/HipsSurvey";
export * from "./Point2D/Point2D";
export * from "./PolarizationDefinition/PolarizationDefinition";
export * from "./Snippet/Snippet";
export * from "./Spectral/SpectralLine";
export * from "./Workspace/Workspace";
