/**
 * Helper functions used throughout the viewer: 2D vector maths, number, frequency and angle formatting, header
 * values and coordinate strings, mip-level calculations, smoothing, histograms and Gaussians, and WebGL texture set-up.
 *
 * @packageDocumentation
 */
export * from "./color/constants";
export * from "./fitting_heuristics/fitting_heuristics";
export * from "./math/math";
export * from "./math2d/math2d";
export * from "./tiling/tiling";
export * from "./units/units";
export * from "./wcs/wcs";
export * from "./webgl/webgl";
