import {AppStore, RenderConfigStore} from "../../stores";
import {ColormapComponent, ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** Colour settings of the active image: percentile buttons for the clip range and the colour map. */
export class RenderConfigComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "render-config", title: "Render Configuration", defaultWidth: 640, defaultHeight: 320, isCloseable: true};

    render(): ViewElement | null {
        const config = AppStore.Instance.activeFrame?.renderConfig;
        if (!config) {
            return null;
        }
        const buttons = RenderConfigStore.PERCENTILE_RANKS.map(rank => <button type="button" key={rank} onClick={() => config.setPercentileRank(rank)}>{`${rank}%`}</button>);
        return <div className="render-config-widget">{buttons}<ColormapComponent selectedItem={config.colorMap} onItemSelect={name => config.setColorMap(name)} /></div>;
    }
}
