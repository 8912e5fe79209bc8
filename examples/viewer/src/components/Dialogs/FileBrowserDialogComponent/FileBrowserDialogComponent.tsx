import {AppStore, type FrameStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The file browser: pick a file on the server and open it, or append it to the open images. */
export class FileBrowserDialogComponent extends ViewerComponent<{}, {directory: string; selectedFile: string}> {
    protected state = {directory: "", selectedFile: ""};

    /**
     * Opens the selected file.
     *
     * @param append - Keep the open images and add this one, instead of replacing them.
     * @returns The opened image, or `undefined` when no file is selected.
     */
    async loadSelectedFile(append: boolean = false): Promise<FrameStore | undefined> {
        const {directory, selectedFile} = this.state;
        const app = AppStore.Instance;
        return selectedFile ? (append ? app.appendFile(directory, selectedFile) : app.openFile(directory, selectedFile)) : undefined;
    }

    render(): ViewElement {
        return <input className="file-browser-dialog" value={this.state.selectedFile} onChange={(selectedFile: string) => this.setState({selectedFile})} />;
    }
}
