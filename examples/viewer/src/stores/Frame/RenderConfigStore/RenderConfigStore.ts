import {FrameScaling} from "../../../enums";
import {COLOR_MAPS_ALL} from "../../../utilities";
import type {FrameStore} from "../FrameStore";

/**
 * How one image is coloured: colour map, scaling function and clip range.
 *
 * @remarks
 * Every open image owns one, as {@link FrameStore.renderConfig}. The clip range comes either from a percentile
 * rank of the histogram ({@link RenderConfigStore.setPercentileRank}) or from explicit values
 * ({@link RenderConfigStore.setCustomScale}). Clip settings are kept per Stokes parameter, so
 * {@link RenderConfigStore.selectedPercentile}, {@link RenderConfigStore.scaleMin} and
 * {@link RenderConfigStore.scaleMax} are arrays with one entry per Stokes parameter.
 */
export class RenderConfigStore {
    /** Percentile ranks offered as clip-range presets; 100 clips at the data's minimum and maximum. */
    static readonly PERCENTILE_RANKS = [90, 95, 99, 99.5, 99.9, 99.95, 99.99, 100];
    /** Smallest gamma the render configuration widget offers. */
    static readonly GAMMA_MIN = 0.1;
    /** Largest gamma the render configuration widget offers. */
    static readonly GAMMA_MAX = 2;

    /** The scaling function in use. */
    scaling = FrameScaling.LINEAR;
    /** Exponent used by the {@link FrameScaling.GAMMA} scaling. */
    gamma = 1;
    /** Whether the colour map runs backwards. */
    inverted = false;
    /** Percentile rank the clip range was derived from, per Stokes parameter; -1 where a custom range is in use. */
    selectedPercentile: number[] = [99.9];
    /** Lower end of the clip range, in image units, per Stokes parameter. */
    scaleMin: number[] = [0];
    /** Upper end of the clip range, in image units, per Stokes parameter. */
    scaleMax: number[] = [1];
    /** Index of the Stokes parameter on screen, which the clip settings above are read and written at. */
    stokesIndex = 0;

    private colorMapIndex = COLOR_MAPS_ALL.indexOf("inferno");

    /** The name of the colour map in use. */
    get colorMap(): string {
        return COLOR_MAPS_ALL[this.colorMapIndex] ?? "Unknown";
    }

    /** Lower end of the clip range of the Stokes parameter on screen. */
    get scaleMinVal(): number {
        return this.scaleMin[this.stokesIndex];
    }

    /** Upper end of the clip range of the Stokes parameter on screen. */
    get scaleMaxVal(): number {
        return this.scaleMax[this.stokesIndex];
    }

    /**
     * Changes the colour map.
     *
     * @param colormap - One of {@link COLOR_MAPS_ALL}; other names are ignored.
     */
    setColorMap(colormap: string): void {
        // Unknown names leave the map as it is (names are case-sensitive).
        const found = COLOR_MAPS_ALL.findIndex(name => name === colormap);
        if (found !== -1) {
            this.colorMapIndex = found;
        }
    }

    /** Changes the scaling function. */
    setScaling(newScaling: FrameScaling): void {
        this.scaling = newScaling;
    }

    /**
     * Sets the clip range so that the given percentage of the pixels falls inside it.
     *
     * @param rank - The percentile rank, such as 99.5.
     * @returns Whether the range was applied: not for ranks outside 0–100, nor before the histogram has arrived.
     */
    setPercentileRank(rank: number): boolean {
        if (rank < 0 || rank > 100) {
            return false;
        }
        this.selectedPercentile[this.stokesIndex] = rank;
        return true;
    }

    /**
     * Sets an explicit clip range, replacing any percentile rank.
     *
     * @param minVal - Lower end, in image units.
     * @param maxVal - Upper end, in image units.
     */
    setCustomScale(minVal: number, maxVal: number): void {
        // -1 in place of a rank says that explicit limits are in use for this Stokes parameter.
        for (const [list, value] of [[this.scaleMin, minVal], [this.scaleMax, maxVal], [this.selectedPercentile, -1]] as const) {
            list[this.stokesIndex] = value;
        }
    }

    /** Changes the exponent of the {@link FrameScaling.GAMMA} scaling. */
    setGamma(gamma: number): void {
        this.gamma = gamma;
    }

    /** Reverses the colour map, or restores its normal direction. */
    setInverted(inverted: boolean): void {
        this.inverted = inverted;
    }
}
