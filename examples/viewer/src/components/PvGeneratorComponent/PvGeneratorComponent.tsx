import {AppStore, type PvGeneratorWidgetStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** Generates position–velocity images along a line region of the active cube, using its {@link PvGeneratorWidgetStore} settings. */
export class PvGeneratorComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "pv-generator", title: "PV Generator", defaultWidth: 480, defaultHeight: 480, isCloseable: true};

    /** Generates the PV image from the widget's image; does nothing until a line region is chosen. */
    generate(): void {
        AppStore.Instance.widgetsStore.pvGeneratorWidgets.get(this.props.id)?.requestPV();
    }

    render(): ViewElement {
        return <button type="button" className="pv-generator-widget" onClick={() => this.generate()}>Generate</button>;
    }
}
