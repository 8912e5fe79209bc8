import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** Whether the workspace dialog saves the current session or opens a saved one. */
export enum WorkspaceDialogMode {
    /** Save the open images and their settings under a name. */
    Save = "save",
    /** Replace the session with a saved workspace. */
    Open = "open"
}

/** The workspace dialog: saves the session under a name, or replaces it with a saved workspace, depending on its `mode`. */
export class WorkspaceDialogComponent extends ViewerComponent<{/** What the dialog does. */ mode: WorkspaceDialogMode}, {name: string}> {
    protected state = {name: ""};

    /** Saves the current session, or opens the workspace with the entered name, according to the dialog's mode. */
    async submit(): Promise<void> {
        if (this.props.mode === WorkspaceDialogMode.Open) {
            await AppStore.Instance.loadWorkspace(this.state.name);
        }
    }

    render(): ViewElement {
        return <input className="workspace-dialog" value={this.state.name} onChange={(name: string) => this.setState({name})} onSubmit={() => this.submit()} />;
    }
}
