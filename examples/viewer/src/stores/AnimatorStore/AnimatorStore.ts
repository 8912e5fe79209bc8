import {AppStore} from "../AppStore/AppStore";

/** What the animator steps through. */
export enum AnimationMode {
    /** The open images, one after another. */
    FRAME = 0,
    /** The channels of the active image. */
    CHANNEL = 1,
    /** The Stokes parameters of the active image. */
    STOKES = 2
}

/** Playback through the open images, or the channels or Stokes parameters of the active image. */
export class AnimatorStore {
    private static staticInstance?: AnimatorStore;

    /** The viewer's single animator store. */
    static get Instance(): AnimatorStore {
        return (AnimatorStore.staticInstance ??= new AnimatorStore());
    }

    /** Playback rate, in steps per second. */
    frameRate = 5;
    /** What the animator steps through. */
    animationMode = AnimationMode.CHANNEL;
    /** Whether playback is running. */
    isAnimationActive = false;

    private timer?: ReturnType<typeof setInterval>;

    /** Changes what the animator steps through. */
    setAnimationMode(val: AnimationMode): void {
        this.animationMode = val;
    }

    /** Changes the playback rate, in steps per second. */
    setFrameRate(val: number): void {
        this.frameRate = val;
    }

    /** Starts playback. A flow: `await` it. */
    *startAnimation(): Generator<Promise<unknown>, void, any> {
        this.stopAnimation();
        this.isAnimationActive = true;
        this.timer = setInterval(() => this.animate(), 1000 / this.frameRate);
    }

    /** Stops playback, leaving the current step shown. */
    stopAnimation(): void {
        clearInterval(this.timer);
        this.isAnimationActive = false;
    }

    /** Shows the next step. */
    animate(): void {
        const frame = AppStore.Instance.activeFrame;
        if (frame && this.animationMode === AnimationMode.CHANNEL) {
            frame.setChannel((frame.requiredChannel + 1) % frame.numChannels);
        }
    }
}
