import type {CARTA} from "../../../protobuf/carta";
import type {FrameStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The save image dialog: write the active image, or a range of its channels, to a new FITS or CASA file. */
export class SaveImageDialogComponent extends ViewerComponent {
    /**
     * Proposes a file name for a saved copy, naming the channel range when one is chosen.
     *
     * @returns A name such as `"cube_channels_10-20.fits"`.
     */
    static suggestedFilename(frame: FrameStore, channelRange?: CARTA.IIntBounds): string {
        const base = frame.filename.replace(/\.(fits|fit|image)$/i, "");
        return `${base}${channelRange ? `_channels_${channelRange.min}-${channelRange.max}` : "_copy"}.fits`;
    }

    render(): ViewElement {
        return <form className="save-image-dialog" />;
    }
}
