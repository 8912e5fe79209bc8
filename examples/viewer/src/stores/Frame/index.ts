export * from "./ContourConfigStore";
export * from "./FrameStore";
export * from "./RegionSetStore";
export * from "./RegionStore";
export * from "./RenderConfigStore";
