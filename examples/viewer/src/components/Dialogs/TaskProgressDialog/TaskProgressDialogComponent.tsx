import * as React from "../../../react/React";

/** Properties of the {@link TaskProgressDialogComponent}. */
interface TaskProgressDialogComponentProps {
    /** Progress from 0 to 1. */
    progress: number;
    /** Estimated time left, in milliseconds. */
    timeRemaining: number;
    /** Whether the dialog is shown. */
    isOpen: boolean;
    /** Whether the task can be cancelled. */
    cancellable: boolean;
    /** Called when the user cancels the task. */
    onCancel?: () => void;
    /** Title of the dialog. */
    text: string;
}

/** The progress of a long backend task, such as generating moment or PV images, with a cancel button. */
export class TaskProgressDialogComponent extends React.Component<TaskProgressDialogComponentProps> {
    render(): React.ReactElement | null {
        const {progress, isOpen, text} = this.props;
        return isOpen ? <progress aria-label={text} value={progress} /> : null;
    }
}
