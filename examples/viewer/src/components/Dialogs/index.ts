/**
 * The viewer's dialogs: opening and saving files and workspaces, editing contours, regions, vector overlays and
 * preferences, image fitting, writing code snippets, the progress of long backend tasks, and the about and
 * telemetry notices.
 *
 * @packageDocumentation
 */
export * from "./AboutDialog/AboutDialogComponent";
export * from "./CodeSnippetDialog/CodeSnippetDialogComponent";
export * from "./ContourDialog/ContourDialogComponent";
export * from "./FileBrowser/FileBrowserDialogComponent";
export * from "./FileBrowser/ImageSave/ImageSaveComponent";
export * from "./FittingDialog/FittingDialogComponent";
export * from "./PreferenceDialog/PreferenceDialogComponent";
export * from "./RegionDialog/RegionDialogComponent";
export * from "./TaskProgressDialog/TaskProgressDialogComponent";
export * from "./TelemetryDialog/TelemetryDialogComponent";
export * from "./VectorOverlayDialog/VectorOverlayDialogComponent";
export * from "./WorkspaceDialog/WorkspaceDialogComponent";
