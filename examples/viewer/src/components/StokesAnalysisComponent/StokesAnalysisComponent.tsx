import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** Polarization analysis of the spectrum at the cursor: polarized intensity, polarization angle and the Q–U scatter plot. */
export class StokesAnalysisComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "stokes", title: "Stokes Analysis", defaultWidth: 420, defaultHeight: 520, isCloseable: true};

    /** Returns the linearly polarized intensity, √(Q² + U²). */
    static polarizedIntensity(q: number, u: number): number {
        return Math.hypot(q, u);
    }

    /** Returns the polarization angle, ½·atan2(U, Q), in degrees. */
    static polarizationAngle(q: number, u: number): number {
        return (Math.atan2(u, q) * 90) / Math.PI;
    }

    render(): ViewElement {
        return <svg className="stokes-analysis-widget" aria-label={this.props.id} />;
    }
}
