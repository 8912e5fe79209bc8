/**
 * The alert shown over the viewer: a message to acknowledge or a question to answer. Showing another alert
 * replaces it, answering a replaced question with `false`.
 */
export class AlertStore {
    /** Text of the alert; empty when none is shown. */
    alertText = "";

    private answer?: (confirmed: boolean) => void;

    /** Whether an alert is shown. */
    get alertVisible(): boolean {
        return this.alertText !== "";
    }

    /** Shows a message with an OK button. */
    showAlert(text: string): void {
        this.dismissAlert();
        this.alertText = text;
    }

    /** Asks a yes-or-no question; the promise resolves to `true` when the user answers yes. */
    showInteractiveAlert(text: string): Promise<boolean> {
        this.showAlert(text);
        return new Promise(resolve => (this.answer = resolve));
    }

    /** Closes the alert, giving `confirmed` as the answer to a question. */
    dismissAlert(confirmed: boolean = false): void {
        this.answer?.(confirmed);
        this.answer = undefined;
        this.alertText = "";
    }
}
