/**
 * Building blocks shared by the widgets and dialogs: the component base class, colour map and numeric inputs,
 * and clipboard access.
 *
 * @packageDocumentation
 */
export * from "./ClearableNumericInputComponent";
export * from "./ColormapComponent";
export * from "./copyToClipboard";
export * from "./SafeNumericInput";
export * from "./ViewerComponent";
