/**
 * The viewer's dialogs: opening and saving files and workspaces, editing contours, regions, vector overlays and
 * preferences, image fitting, writing code snippets, the progress of long backend tasks, and the about and
 * telemetry notices.
 *
 * @packageDocumentation
 */
export * from "./AboutDialogComponent/AboutDialogComponent";
export * from "./CodeSnippetDialogComponent/CodeSnippetDialogComponent";
export * from "./ContourDialogComponent/ContourDialogComponent";
export * from "./FileBrowserDialogComponent/FileBrowserDialogComponent";
export * from "./FittingDialogComponent/FittingDialogComponent";
export * from "./PreferenceDialogComponent/PreferenceDialogComponent";
export * from "./RegionDialogComponent/RegionDialogComponent";
export * from "./SaveImageDialogComponent/SaveImageDialogComponent";
export * from "./TaskProgressDialogComponent/TaskProgressDialogComponent";
export * from "./TelemetryDialogComponent/TelemetryDialogComponent";
export * from "./VectorOverlayDialogComponent/VectorOverlayDialogComponent";
export * from "./WorkspaceDialogComponent/WorkspaceDialogComponent";
