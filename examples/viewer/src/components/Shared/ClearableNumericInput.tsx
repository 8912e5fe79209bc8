import {SafeNumericInput, type NumericInputProps} from "./SafeNumericInput";
import {ViewerComponent, type ViewElement} from "./ViewerComponent";

/** A labelled {@link SafeNumericInput} with a button that clears it, used for optional limits such as custom clip values. */
export class ClearableNumericInput extends ViewerComponent<
    NumericInputProps & {
        /** Text shown before the field. */
        label: string;
        /** Called when the clear button is pressed; the owner resets the value. */
        onValueCleared: () => void;
    }
> {
    render(): ViewElement {
        const {label, onValueCleared, ...inputProps} = this.props;
        return <label>{label}<SafeNumericInput {...inputProps} /><button type="button" onClick={onValueCleared}>×</button></label>;
    }
}
