import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The code snippet editor. It only runs code once snippets are enabled in the preferences, since a snippet can do anything the viewer can. */
export class CodeSnippetDialogComponent extends ViewerComponent<{}, {name: string; code: string}> {
    protected state = {name: "", code: ""};

    /** Runs the editor's code, once snippets are enabled in the preferences. */
    runSnippet(): void {
        const app = AppStore.Instance;
        if (app.preferenceStore.codeSnippetsEnabled) {
            app.snippetStore.executeCurrentSnippet();
        }
    }

    render(): ViewElement {
        return <textarea className="code-snippet-dialog" value={this.state.code} onInput={(code: string) => this.setState({code})} />;
    }
}
