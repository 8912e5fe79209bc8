/**
 * The viewer's dialogs: opening and saving files and workspaces, editing contours, regions, vector overlays and
 * preferences, writing code snippets, and the about and telemetry notices.
 *
 * @packageDocumentation
 */
export * from "./AboutDialogComponent/AboutDialogComponent";
export * from "./CodeSnippetDialogComponent/CodeSnippetDialogComponent";
export * from "./ContourDialogComponent/ContourDialogComponent";
export * from "./FileBrowserDialogComponent/FileBrowserDialogComponent";
export * from "./PreferenceDialogComponent/PreferenceDialogComponent";
export * from "./RegionDialogComponent/RegionDialogComponent";
export * from "./SaveImageDialogComponent/SaveImageDialogComponent";
export * from "./TelemetryDialogComponent/TelemetryDialogComponent";
export * from "./VectorOverlayDialogComponent/VectorOverlayDialogComponent";
export * from "./WorkspaceDialogComponent/WorkspaceDialogComponent";
