import * as React from "../../../react/React";
import {PreferenceKeys} from "../../../enums";
import {AppStore} from "../../../stores";

/** The preferences dialog: theme, defaults for newly opened images, code snippets, telemetry and more. */
export class PreferenceDialogComponent extends React.Component {
    render(): React.ReactElement {
        const preferenceStore = AppStore.Instance.preferenceStore;
        return <input type="checkbox" checked={preferenceStore.isCodeSnippetsEnabled} onChange={() => preferenceStore.setPreference(PreferenceKeys.GLOBAL_CODE_SNIPPETS_ENABLED, !preferenceStore.isCodeSnippetsEnabled).next()} />;
    }
}
