import {AppStore, PreferenceKeys} from "../../../stores";
import {ColormapComponent, ViewerComponent, type ViewElement} from "../../Shared";

/** The preferences dialog: theme, defaults for newly opened images, code snippets and telemetry. */
export class PreferenceDialogComponent extends ViewerComponent {
    render(): ViewElement {
        const preferenceStore = AppStore.Instance.preferenceStore;
        return <ColormapComponent selectedItem={preferenceStore.colormap} onItemSelect={name => preferenceStore.setPreference(PreferenceKeys.RENDER_CONFIG_COLORMAP, name)} />;
    }
}
