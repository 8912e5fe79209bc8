import {TelemetryMode, TelemetryService} from "../../../services";
import {AppStore, PreferenceKeys} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The telemetry dialog shown on first start: explains what usage data is collected and records the user's choice. */
export class TelemetryDialogComponent extends ViewerComponent {
    /** Applies the chosen consent level and remembers it in the preferences. */
    setMode(mode: TelemetryMode): void {
        TelemetryService.Instance.setMode(mode);
        AppStore.Instance.preferenceStore.setPreference(PreferenceKeys.TELEMETRY_MODE, mode);
    }

    render(): ViewElement {
        const options = Object.values(TelemetryMode).map(mode => <button type="button" key={mode} onClick={() => this.setMode(mode)}>{mode}</button>);
        return <div className="telemetry-dialog">{options}</div>;
    }
}
