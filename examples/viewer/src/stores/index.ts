/**
 * The viewer's state, one store per concern. Start from {@link AppStore}, which code snippets see as `app`:
 * it opens and closes images ({@link FrameStore}) and holds every other store.
 *
 * @packageDocumentation
 */
export * from "./AlertStore/AlertStore";
export * from "./AnimatorStore/AnimatorStore";
export * from "./AppStore/AppStore";
export * from "./Catalog/CatalogStore";
export * from "./ColorBlendingStore/ColorBlendingStore";
export * from "./DialogStore/DialogStore";
export * from "./Frame";
export * from "./ImageFittingStore/ImageFittingStore";
export * from "./ImageViewConfigStore/ImageViewConfigStore";
export * from "./LayoutStore/LayoutStore";
export * from "./LogStore/LogStore";
export * from "./OverlayStore/OverlayStore";
export * from "./PreferenceStore/PreferenceStore";
export * from "./Snippet/SnippetStore";
export * from "./Widgets";
