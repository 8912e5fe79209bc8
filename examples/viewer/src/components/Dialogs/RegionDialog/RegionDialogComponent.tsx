import * as React from "../../../react/React";
import {AppStore} from "../../../stores";

/** The region dialog: name, colour, position, size and rotation of the selected region of the active image. */
export class RegionDialogComponent extends React.Component {
    render(): React.ReactElement | null {
        const region = AppStore.Instance.activeFrame?.regionSet.focusedRegion;
        return region ? <input className="region-dialog" value={region.name} onInput={(name: string) => region.setName(name)} /> : null;
    }
}
