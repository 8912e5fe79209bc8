import {toFixed} from "../../../utilities";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** A modal dialog showing the progress of a long backend task, such as moment generation, with a cancel button. */
export class TaskProgressDialogComponent extends ViewerComponent<{
    /** Dialog title, such as `"Generating moments"`. */
    title: string;
    /** Progress from 0 to 1, such as `AppStore.taskProgress`. */
    progress: number;
    /** Called when the user presses Cancel. */
    onCancel?: () => void;
}> {
    render(): ViewElement | null {
        const {title, progress, onCancel} = this.props;
        // Hidden until progress is first reported, so fast tasks do not flash the dialog on screen.
        return progress > 0 && progress < 1 ? <div role="dialog" aria-label={title}><progress value={progress}>{`${toFixed(progress * 100)}%`}</progress><button type="button" onClick={onCancel}>Cancel</button></div> : null;
    }
}
