import * as React from "../../../react/React";
import {SafeNumericInput} from "../SafeNumericInput/SafeNumericInput";

/** Properties of {@link ClearableNumericInputComponent}. */
export interface ClearableNumericInputProps {
    /** Text shown before the field. */
    label: string;
    /** The value shown. */
    value: number;
    /** Smallest accepted value. */
    min?: number;
    /** Largest accepted value. */
    max?: number;
    /** Whether only integers are accepted. */
    integerOnly?: boolean;
    /** Called with the new value once the user has typed a valid number. */
    onValueChanged: (val: number) => void;
    /** Called when the clear button is pressed; the owner resets the value. */
    onValueCleared: () => void;
}

/** A labelled {@link SafeNumericInput} with a button that clears it, used for optional limits such as custom clip values. */
export class ClearableNumericInputComponent extends React.Component<ClearableNumericInputProps> {
    render(): React.ReactElement {
        const {label, value, min, max, onValueChanged, onValueCleared} = this.props;
        return <label>{label}<SafeNumericInput value={value} min={min} max={max} onValueChange={onValueChanged} /><button type="button" onClick={onValueCleared}>×</button></label>;
    }
}
