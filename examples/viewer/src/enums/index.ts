/**
 * Enumerations shared across the viewer (the sample keeps only the kinds of image).
 *
 * @packageDocumentation
 */
export * from "./imageView";
