/**
 * Enumerations shared across the viewer. The sample keeps the kinds of image here; the scaling functions and the
 * preference keys, which the 6.0 line moved here too, stay documented at their 5.0 places and are re-exported, so that
 * `enums` (what code snippets see) holds them as in 6.0.
 *
 * @packageDocumentation
 */
export * from "./imageView";
export {FrameScaling} from "../stores/Frame/RenderConfigStore/RenderConfigStore";
export {PreferenceKeys} from "../stores/PreferenceStore/PreferenceStore";
