import {AppStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** Playback controls for stepping through images, channels or Stokes planes; drives the `AppStore.animatorStore`. */
export class AnimatorComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "animator", title: "Animator", defaultWidth: 640, defaultHeight: 200, isCloseable: true};

    render(): ViewElement {
        const animator = AppStore.Instance.animatorStore;
        const toggle = () => (animator.isPlaying ? animator.stopAnimation() : animator.startAnimation());
        return <button type="button" className="animator-widget" onClick={toggle}>{animator.isPlaying ? "Stop" : "Play"}</button>;
    }
}
