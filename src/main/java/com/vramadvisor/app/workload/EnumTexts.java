package com.vramadvisor.app.workload;

/** Message keys of enum values shown in the panel: {@code enum.Precision.BF16_MIXED}. */
public final class EnumTexts {

    private EnumTexts() {
    }

    public static String key(Enum<?> value) {
        return "enum." + value.getDeclaringClass().getSimpleName() + "." + value.name();
    }
}
