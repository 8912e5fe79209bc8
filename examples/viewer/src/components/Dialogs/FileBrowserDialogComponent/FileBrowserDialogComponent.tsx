import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The file browser: pick a file on the server and open it, or append it to the open images. */
export class FileBrowserDialogComponent extends ViewerComponent<{}, {directory: string; selectedFile: string}> {
    protected state = {directory: "", selectedFile: ""};

    /**
     * Opens the selected file, if one is selected.
     *
     * @param append - Keep the open images and add this one, instead of replacing them.
     */
    loadSelectedFile(append: boolean = false): void {
        const {directory, selectedFile} = this.state;
        const app = AppStore.Instance;
        if (selectedFile) {
            (append ? app.appendFile(directory, selectedFile) : app.openFile(directory, selectedFile)).next();
        }
    }

    render(): ViewElement {
        return <input className="file-browser-dialog" value={this.state.selectedFile} onChange={(selectedFile: string) => this.setState({selectedFile})} />;
    }
}
