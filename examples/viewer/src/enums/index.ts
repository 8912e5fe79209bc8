/**
 * Enumerations shared across the viewer: the kinds of image, the scaling functions and the preference keys. The
 * viewer puts this module within reach of code snippets as `enums`.
 *
 * @packageDocumentation
 */
export * from "./imageView";
export * from "./preference";
