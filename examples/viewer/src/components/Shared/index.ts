/**
 * Building blocks shared by the widgets and dialogs: the component base class, colour map and numeric inputs,
 * the task progress dialog and clipboard access.
 *
 * @packageDocumentation
 */
export * from "./ClearableNumericInput";
export * from "./ColormapComponent";
export * from "./copyToClipboard";
export * from "./SafeNumericInput";
export * from "./TaskProgressDialogComponent";
export * from "./ViewerComponent";
