import type {ColorMapName, WorkspaceRenderConfig} from "../../models";
import {clamp, type HistogramBins} from "../../utilities";
import type {FrameStore} from "./FrameStore";

/** Functions that map pixel values inside the clip range to positions along the colour map. */
export enum FrameScaling {
    /** Colour proportional to the value. */
    LINEAR = 0,
    /** Logarithmic, to show faint emission next to bright sources. */
    LOG = 1,
    /** Square root: a milder compression than logarithmic. */
    SQRT = 2,
    /** Squared: spreads the brightest values over more colours. */
    SQUARE = 3,
    /** Power law with a large exponent, the opposite of logarithmic. */
    POWER = 4,
    /** Power law with the adjustable exponent {@link RenderConfigStore.gamma}. */
    GAMMA = 5
}

/**
 * How one image is coloured: colour map, scaling function and clip range.
 *
 * @remarks
 * Every open image owns one, as {@link FrameStore.renderConfig}. The clip range comes either from a percentile
 * rank of the current channel's histogram ({@link RenderConfigStore.setPercentileRank}) or from explicit values
 * ({@link RenderConfigStore.setCustomScale}).
 * @example
 * ```ts
 * const config = app.activeFrame.renderConfig;
 * config.setColorMap("magma");
 * config.setScaling(FrameScaling.SQRT);
 * config.setPercentileRank(99.5);
 * ```
 */
export class RenderConfigStore {
    /** Every colour map name {@link RenderConfigStore.setColorMap} accepts. */
    static readonly COLOR_MAPS_ALL: readonly ColorMapName[] = ["afmhot", "Blues", "coolwarm", "cubehelix", "gray", "greens", "hot", "inferno", "jet", "magma", "plasma", "rainbow", "RdBu", "reds", "seismic", "viridis"];
    /** Percentile ranks offered as clip-range presets; 100 clips at the data's minimum and maximum. */
    static readonly PERCENTILE_RANKS: readonly number[] = [90, 95, 99, 99.5, 99.9, 99.95, 99.99, 100];
    /** Smallest gamma {@link RenderConfigStore.setGamma} accepts. */
    static readonly GAMMA_MIN = 0.1;
    /** Largest gamma {@link RenderConfigStore.setGamma} accepts. */
    static readonly GAMMA_MAX = 2;

    /** The colour map in use. */
    colorMap: ColorMapName = "inferno";
    /** The scaling function in use. */
    scaling = FrameScaling.LINEAR;
    /** Exponent used by the {@link FrameScaling.GAMMA} scaling. */
    gamma = 1;
    /** Whether the colour map runs backwards. */
    inverted = false;
    /** Percentile rank the clip range was derived from, or -1 when a custom range is in use. */
    selectedPercentile = 99.9;
    /** Lower end of the clip range, in image units; values below it get the first colour. */
    scaleMin = 0;
    /** Upper end of the clip range, in image units; values above it get the last colour. */
    scaleMax = 1;

    private histogram?: HistogramBins;

    /**
     * Changes the colour map.
     *
     * @param name - One of {@link RenderConfigStore.COLOR_MAPS_ALL}.
     * @returns `false`, leaving the colour map unchanged, when the name is unknown: snippets are plain JavaScript,
     *          so the type alone does not guarantee a valid name.
     */
    setColorMap(name: ColorMapName): boolean {
        const known = RenderConfigStore.COLOR_MAPS_ALL.includes(name);
        this.colorMap = known ? name : this.colorMap;
        return known;
    }

    /** Changes the scaling function. */
    setScaling(scaling: FrameScaling): void {
        this.scaling = scaling;
    }

    /**
     * Sets the clip range so that the given percentage of the current channel's pixels fall inside it.
     *
     * @param rank - The percentile rank, such as 99.5; ranks outside 0–100 are refused.
     * @returns Whether the range was applied; it is not until the image's histogram has arrived.
     */
    setPercentileRank(rank: number): boolean {
        const histogram = this.histogram;
        if (!histogram || rank <= 0 || rank > 100) {
            return false;
        }
        // Walk the cumulative histogram to the bins holding the lower and upper tail fractions.
        const total = histogram.bins.reduce((sum, count) => sum + count, 0);
        const valueAt = (fraction: number) => {
            let cumulative = 0;
            const index = histogram.bins.findIndex(count => (cumulative += count) >= fraction * total);
            return histogram.firstBinCenter + Math.max(0, index) * histogram.binWidth;
        };
        this.selectedPercentile = rank;
        this.scaleMin = valueAt((100 - rank) / 200);
        this.scaleMax = valueAt(1 - (100 - rank) / 200);
        return true;
    }

    /**
     * Sets an explicit clip range, replacing any percentile rank.
     *
     * @param min - Lower end, in image units.
     * @param max - Upper end, in image units; must be greater than `min`.
     * @throws RangeError when `max` is not greater than `min`.
     */
    setCustomScale(min: number, max: number): void {
        if (max <= min) {
            throw new RangeError(`The clip maximum (${max}) must be greater than the minimum (${min})`);
        }
        this.selectedPercentile = -1;
        this.scaleMin = min;
        this.scaleMax = max;
    }

    /** Changes the gamma exponent, limited to {@link RenderConfigStore.GAMMA_MIN}–{@link RenderConfigStore.GAMMA_MAX}. */
    setGamma(gamma: number): void {
        this.gamma = clamp(gamma, RenderConfigStore.GAMMA_MIN, RenderConfigStore.GAMMA_MAX);
    }

    /** Reverses the colour map, or restores its normal direction. */
    setInverted(inverted: boolean): void {
        this.inverted = inverted;
    }

    /**
     * Replaces the histogram percentile ranks are computed from, re-applying the selected rank.
     *
     * @internal
     */
    updateChannelHistogram(histogram: HistogramBins): void {
        this.histogram = histogram;
        this.setPercentileRank(this.selectedPercentile);
    }

    /** Returns the settings in the form a workspace file stores them. */
    toWorkspace(): WorkspaceRenderConfig {
        const {scaling, colorMap, inverted, gamma, scaleMin, scaleMax, selectedPercentile} = this;
        return {scaling, colorMap, inverted, gamma, scaleMin, scaleMax, selectedPercentile: selectedPercentile > 0 ? selectedPercentile : undefined};
    }
}
