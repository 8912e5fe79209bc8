/**
 * The widgets the viewer's layout is built from. Each widget class has a `WIDGET_CONFIG` with its default title,
 * size and minimum size, and receives `WidgetProps` from the layout.
 *
 * @packageDocumentation
 */
export * from "./Animator/AnimatorComponent";
export * from "./CatalogOverlay/CatalogOverlayComponent";
export * from "./CursorInfo/CursorInfoComponent";
export * from "./FileInfo/FileInfoComponent";
export * from "./ImageView/ImageViewComponent";
export * from "./LayerList/LayerListComponent";
export * from "./Log/LogComponent";
export * from "./PvGenerator/PvGeneratorComponent";
export * from "./RegionList/RegionListComponent";
export * from "./RenderConfig/RenderConfigComponent";
export * from "./SpatialProfiler/SpatialProfilerComponent";
export * from "./SpectralLineQuery/SpectralLineQueryComponent";
export * from "./SpectralProfiler/SpectralProfilerComponent";
export * from "./StokesAnalysis/StokesAnalysisComponent";
