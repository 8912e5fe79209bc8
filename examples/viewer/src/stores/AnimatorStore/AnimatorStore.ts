import {AppStore} from "../AppStore/AppStore";
import {clamp} from "../../utilities";

/** What the animator steps through. */
export enum AnimationMode {
    /** The open images, in layer order. */
    FRAME = 0,
    /** The channels of the active image. */
    CHANNEL = 1,
    /** The Stokes planes of the active image. */
    STOKES = 2
}

/**
 * Plays through images, channels or Stokes planes at a fixed rate.
 *
 * @example
 * ```ts
 * app.animatorStore.animationMode = AnimationMode.CHANNEL;
 * app.animatorStore.frameRate = 10;
 * app.animatorStore.startAnimation();
 * ```
 */
export class AnimatorStore {
    /** Slowest playback rate, in steps per second. */
    static readonly MIN_FRAME_RATE = 1;
    /** Fastest playback rate, in steps per second. */
    static readonly MAX_FRAME_RATE = 20;

    /** What the animator steps through. */
    animationMode = AnimationMode.CHANNEL;

    private rate = 5;
    private timer?: ReturnType<typeof setInterval>;


    /** Whether playback is running. */
    get isPlaying(): boolean {
        return this.timer !== undefined;
    }

    /** Playback rate in steps per second, kept between {@link AnimatorStore.MIN_FRAME_RATE} and {@link AnimatorStore.MAX_FRAME_RATE}. */
    get frameRate(): number {
        return this.rate;
    }

    set frameRate(rate: number) {
        this.rate = clamp(Math.round(rate), AnimatorStore.MIN_FRAME_RATE, AnimatorStore.MAX_FRAME_RATE);
        if (this.isPlaying) {
            this.startAnimation();
        }
    }

    /** Starts playback, or restarts it at the current rate. */
    startAnimation(): void {
        this.stopAnimation();
        this.timer = setInterval(() => this.step(), 1000 / this.rate);
    }

    /** Stops playback, leaving the current step shown. */
    stopAnimation(): void {
        clearInterval(this.timer);
        this.timer = undefined;
    }

    private step(): void {
        const frame = AppStore.Instance.activeFrame;
        if (frame && this.animationMode === AnimationMode.CHANNEL) {
            frame.setChannel((frame.requiredChannel + 1) % frame.numChannels);
        }
    }
}
