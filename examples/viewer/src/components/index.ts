/**
 * The widgets the viewer's layout is built from. Each widget class has a `WIDGET_CONFIG` with its default
 * title and size, and receives {@link WidgetProps} from the layout.
 *
 * @packageDocumentation
 */
export * from "./AnimatorComponent/AnimatorComponent";
export * from "./CatalogOverlayComponent/CatalogOverlayComponent";
export * from "./CursorInfoComponent/CursorInfoComponent";
export * from "./FileInfoComponent/FileInfoComponent";
export * from "./ImageViewComponent/ImageViewComponent";
export * from "./LayerListComponent/LayerListComponent";
export * from "./LogComponent/LogComponent";
export * from "./PvGeneratorComponent/PvGeneratorComponent";
export * from "./RegionListComponent/RegionListComponent";
export * from "./RenderConfigComponent/RenderConfigComponent";
export * from "./SpatialProfilerComponent/SpatialProfilerComponent";
export * from "./SpectralLineQueryComponent/SpectralLineQueryComponent";
export * from "./SpectralProfilerComponent/SpectralProfilerComponent";
export * from "./StokesAnalysisComponent/StokesAnalysisComponent";
export * from "./WidgetProps";
