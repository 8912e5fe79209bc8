/**
 * Building blocks shared by the widgets and dialogs: colour map and numeric inputs.
 *
 * @packageDocumentation
 */
export * from "./ClearableNumericInput/ClearableNumericInputComponent";
export * from "./ColormapComponent/ColormapComponent";
export * from "./SafeNumericInput/SafeNumericInput";
