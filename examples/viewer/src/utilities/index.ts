/**
 * Helper functions used throughout the viewer: 2D vector maths, number, frequency and angle formatting, FITS
 * header look-ups, tile and mip-level calculations, smoothing and histograms, and WebGL texture set-up.
 *
 * @packageDocumentation
 */
export * from "./header";
export * from "./math";
export * from "./math2d";
export * from "./tiling";
export * from "./units";
export * from "./webgl";
