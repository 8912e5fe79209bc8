export * from "./ContourStore/ContourConfigStore";
export * from "./FrameStore";
export * from "./Region/RegionSetStore";
export * from "./Region/RegionStore";
export * from "./RenderConfigStore/RenderConfigStore";
