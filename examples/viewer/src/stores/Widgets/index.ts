export * from "./PvGeneratorWidgetStore/PvGeneratorWidgetStore";
export * from "./RegionWidgetStore/RegionWidgetStore";
export * from "./SpectralLineQueryWidgetStore/SpectralLineQueryWidgetStore";
export * from "./SpectralProfileWidget/SpectralProfileWidgetStore";
export * from "./WidgetsStore";
