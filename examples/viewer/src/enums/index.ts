/**
 * Enumerations shared across the viewer (the sample keeps the kinds of image, the scaling functions and the preference keys).
 *
 * @packageDocumentation
 */
export * from "./imageView";
export * from "./preference";
