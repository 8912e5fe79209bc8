export * from "./AbstractWidgetStore";
export * from "./PvGeneratorWidgetStore";
export * from "./SpectralProfileWidgetStore";
export * from "./WidgetsStore";
