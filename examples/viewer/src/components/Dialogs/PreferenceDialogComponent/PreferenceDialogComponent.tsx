import {AppStore, PreferenceKey, type Preferences} from "../../../stores";
import {ColormapComponent, ViewerComponent, type ViewElement} from "../../Shared";

/** The preferences dialog: theme, defaults for newly opened images, code snippets and telemetry. */
export class PreferenceDialogComponent extends ViewerComponent {
    /**
     * Stores a changed preference.
     *
     * @typeParam K - The preference, which determines the value type.
     */
    handleChange<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
        AppStore.Instance.preferenceStore.setPreference(key, value);
    }

    render(): ViewElement {
        const colorMap = AppStore.Instance.preferenceStore.getPreference(PreferenceKey.COLOR_MAP);
        return <ColormapComponent selectedItem={colorMap} onItemSelect={name => this.handleChange(PreferenceKey.COLOR_MAP, name)} />;
    }
}
