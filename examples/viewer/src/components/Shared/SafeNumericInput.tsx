import {clamp} from "../../utilities";
import {ViewerComponent, type ViewElement} from "./ViewerComponent";

/** Properties of {@link SafeNumericInput}. */
export interface NumericInputProps {
    /** The value shown. */
    value: number;
    /** Smallest accepted value. */
    min?: number;
    /** Largest accepted value. */
    max?: number;
    /** Called with the new value once the user finishes editing a valid number. */
    onValueChange: (value: number) => void;
}

/**
 * A numeric input field that never passes an invalid number on.
 *
 * @remarks
 * While the user types, intermediate text such as `"-"` or `"1e"` is kept as a draft. When editing ends the draft
 * is parsed and limited to the `min`–`max` range; text that is not a number restores the previous value.
 */
export class SafeNumericInput extends ViewerComponent<NumericInputProps, {draft?: string}> {
    protected state: {draft?: string} = {};

    /**
     * Turns typed text into the value to commit.
     *
     * @returns The number limited to the allowed range, or `undefined` when the text is not a number.
     */
    parseDraft(text: string): number | undefined {
        const value = text.trim() ? Number(text) : NaN;
        return Number.isFinite(value) ? clamp(value, this.props.min ?? -Infinity, this.props.max ?? Infinity) : undefined;
    }

    render(): ViewElement {
        const commit = () => {
            const value = this.parseDraft(this.state.draft ?? "");
            if (value !== undefined) {
                this.props.onValueChange(value);
            }
            this.setState({draft: undefined});
        };
        return <input type="number" value={this.state.draft ?? String(this.props.value)} onInput={(draft: string) => this.setState({draft})} onBlur={commit} />;
    }
}
