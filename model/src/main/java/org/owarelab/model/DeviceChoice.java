package org.owarelab.model;

import ai.djl.Device;
import ai.djl.engine.Engine;

/**
 * Where networks run: {@code cpu} (the default), {@code gpu} (the first GPU; an error when DJL
 * sees none) or {@code auto} (the first GPU when DJL sees one, else the CPU).
 *
 * <p>DJL sees a GPU only when the build left out the CPU libtorch ({@code mvn -Dgpu ...}, or
 * {@code OWARE_GPU=1 ./oware ...}) and a CUDA libtorch is found: downloaded by DJL on first use
 * (needs internet) or given by {@code PYTORCH_LIBRARY_PATH}. With the CPU jar on the class path,
 * {@code gpu} fails with a message saying so.
 */
public enum DeviceChoice {
    CPU, GPU, AUTO;

    /** Parses {@code cpu}, {@code gpu} or {@code auto} (any case). */
    public static DeviceChoice parse(String text) {
        return EnumText.parse(values(), text, "device", IllegalArgumentException::new);
    }

    /** Whether DJL's engine sees at least one GPU (starts the engine). */
    public static boolean gpuAvailable() {
        return Engine.getInstance().getGpuCount() > 0;
    }

    /**
     * Whether this choice runs on a GPU on this machine (starts the engine unless {@code cpu}).
     *
     * @throws IllegalArgumentException for {@code gpu} when DJL sees none
     */
    public boolean resolvesToGpu() {
        return device().isGpu();
    }

    /** The DJL device for this choice. */
    Device device() {
        switch (this) {
            case CPU:
                return Device.cpu();
            case GPU:
                if (!gpuAvailable()) {
                    throw new IllegalArgumentException("device gpu: DJL sees no GPU (engine "
                            + Engine.getInstance().getEngineName() + " " + Engine.getInstance().getVersion()
                            + "). Build without the CPU libtorch (OWARE_GPU=1 ./oware ..., or mvn -Dgpu package)"
                            + " on a machine with CUDA, or use device cpu");
                }
                return Device.gpu();
            default:
                return gpuAvailable() ? Device.gpu() : Device.cpu();
        }
    }

    public String id() {
        return EnumText.id(this);
    }
}
