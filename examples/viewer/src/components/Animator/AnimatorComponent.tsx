import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** Playback controls for stepping through images, channels or Stokes parameters; drives `AppStore.animatorStore`. */
export class AnimatorComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "animator", type: "animator", minWidth: 250, minHeight: 200, defaultWidth: 650, defaultHeight: 200, title: "Animator", isCloseable: true};
    }

    render(): React.ReactElement {
        const animator = AppStore.Instance.animatorStore;
        return <div className="animator-widget">{animator.isAnimationActive ? "Playing" : "Stopped"} at {animator.frameRate} frames per second</div>;
    }
}
