/**
 * Helper functions used throughout the viewer: 2D vector maths, number, frequency and angle formatting, header
 * values, tile and mip-level calculations, smoothing, histograms and Gaussians, and WebGL texture set-up.
 *
 * @packageDocumentation
 */
export * from "./fitting_heuristics";
export * from "./math";
export * from "./math2d";
export * from "./tiling";
export * from "./units";
export * from "./wcs";
export * from "./webgl";
