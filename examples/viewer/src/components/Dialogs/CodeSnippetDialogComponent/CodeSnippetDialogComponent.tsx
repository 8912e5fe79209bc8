import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The code snippet editor. It only runs code once snippets are enabled in the preferences, since a snippet can do anything the viewer can. */
export class CodeSnippetDialogComponent extends ViewerComponent<{}, {name: string; code: string}> {
    protected state = {name: "", code: ""};

    /** Saves and runs the editor's code, logging any error it throws; resolves to what the snippet returned. */
    async runSnippet(): Promise<unknown> {
        const app = AppStore.Instance;
        if (!app.preferenceStore.codeSnippetsEnabled || !app.snippetStore.addSnippet(this.state.name, this.state.code)) {
            return undefined;
        }
        return app.snippetStore.runSnippet(this.state.name).catch(error => app.logStore.addError(String(error), ["snippet"], this.state.name));
    }

    render(): ViewElement {
        return <textarea className="code-snippet-dialog" value={this.state.code} onInput={(code: string) => this.setState({code})} />;
    }
}
