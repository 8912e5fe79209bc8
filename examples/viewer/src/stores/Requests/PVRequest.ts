import type {NumberRange} from "../../models";
import type {AppStore} from "../AppStore/AppStore";

/**
 * Describes a position–velocity cut through a cube along a line region, for {@link AppStore.requestPV}. The
 * generated image has position along the line on one axis and the spectral coordinate on the other.
 */
export interface PVRequest {
    /** Id of the line or polyline region to cut along. */
    regionId: number;
    /** Width of the cut, in pixels; values across the width are averaged. */
    width: number;
    /** Put the spectral axis horizontally instead of vertically. */
    reverse: boolean;
    /** Keep a previously generated PV image open instead of replacing it. */
    keep: boolean;
    /** Channels to include; all channels when omitted. */
    spectralRange?: NumberRange;
}
