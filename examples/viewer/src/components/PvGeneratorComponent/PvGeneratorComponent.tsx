import {AppStore, PvGeneratorWidgetStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** Generates position–velocity images along a line region of the active cube, using its {@link PvGeneratorWidgetStore} settings. */
export class PvGeneratorComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "pv-generator", title: "PV Generator", defaultWidth: 480, defaultHeight: 480, isCloseable: true};

    /** Generates the PV image from the active image; does nothing until a line region is chosen. */
    async generate(): Promise<void> {
        const app = AppStore.Instance;
        const settings = app.widgetsStore.getWidget(this.props.id, PvGeneratorWidgetStore);
        const cube = app.activeFrame;
        const request = cube && settings?.pvRequest(cube.frameInfo.fileId);
        if (cube && settings && request) {
            await app.requestPV(request, cube, settings.keep);
        }
    }

    render(): ViewElement {
        return <button type="button" className="pv-generator-widget" onClick={() => this.generate()}>Generate</button>;
    }
}
