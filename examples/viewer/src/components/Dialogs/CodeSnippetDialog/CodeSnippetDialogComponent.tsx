import * as React from "../../../react/React";
import {AppStore} from "../../../stores";

/** The code snippet editor, available once snippets are enabled in the preferences; it runs the snippet open in `AppStore.snippetStore`. */
export class CodeSnippetDialogComponent extends React.Component {
    render(): React.ReactElement {
        const snippetStore = AppStore.Instance.snippetStore;
        return <button type="button" disabled={snippetStore.isExecuting} onClick={() => snippetStore.executeCurrentSnippet().next()}>Execute</button>;
    }
}
