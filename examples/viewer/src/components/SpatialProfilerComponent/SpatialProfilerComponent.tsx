import {BackendService} from "../../services";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** A plot of pixel values along the image row through the cursor, updated as the backend streams new profiles. */
export class SpatialProfilerComponent extends ViewerComponent<WidgetProps, {profile: number[]}> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "spatial-profiler", title: "X Profile: Cursor", defaultWidth: 720, defaultHeight: 240, isCloseable: true};

    protected state = {profile: [] as number[]};
    private unsubscribe?: () => void;

    componentDidMount(): void {
        this.unsubscribe = BackendService.Instance.subscribe<{values: number[]}>("SPATIAL_PROFILE", ({values}) => this.setState({profile: values}));
    }

    componentWillUnmount(): void {
        this.unsubscribe?.();
    }

    render(): ViewElement {
        return <svg className="spatial-profiler-widget"><polyline points={this.state.profile.map((value, x) => `${x},${-value}`).join(" ")} /></svg>;
    }
}
