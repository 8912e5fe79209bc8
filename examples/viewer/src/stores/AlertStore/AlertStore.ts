/**
 * The alert shown over the viewer: a message to acknowledge or a question to answer. Showing another alert
 * replaces it.
 */
export class AlertStore {
    private static staticInstance?: AlertStore;

    /** The viewer's single alert store. */
    static get Instance(): AlertStore {
        return (AlertStore.staticInstance ??= new AlertStore());
    }

    /** Whether a message is shown. */
    alertVisible = false;
    /** Text of the message. */
    alertText = "";
    /** Text of the question, while one is asked. */
    interactiveAlertText = "";

    private answer?: (confirmed: boolean) => void;

    /** Shows a message with an OK button. */
    showAlert(text: string): void {
        this.alertText = text;
        this.alertVisible = true;
    }

    /** Closes the message. */
    dismissAlert(): void {
        this.alertVisible = false;
    }

    /** Asks a yes-or-no question; the promise resolves to `true` when the user answers yes. */
    showInteractiveAlert(text: string): Promise<boolean> {
        this.interactiveAlertText = text;
        return new Promise(resolve => (this.answer = resolve));
    }

    /** Closes the question with the user's answer. */
    handleInteractiveAlertClosed(confirmed: boolean): void {
        this.answer?.(confirmed);
        this.answer = undefined;
        this.interactiveAlertText = "";
    }
}
