package com.vramadvisor.engine.hardware;

import java.util.Locale;
import java.util.Optional;

/** What kind of business rents a cloud offer out. */
public enum ProviderKind {
    /** A general-purpose public cloud that also rents GPUs (AWS, Google Cloud, Azure). */
    HYPERSCALER("hyperscaler"),
    /** A cloud built around renting GPUs in its own or leased data centres (Lambda, CoreWeave, Nebius, ...). */
    SPECIALIST("specialist"),
    /** A market where third-party hosts list their machines at their own prices (Vast.ai, RunPod Community Cloud). */
    MARKETPLACE("marketplace");

    private final String id;

    ProviderKind(String id) {
        this.id = id;
    }

    /** The name in {@code cloud.json}. */
    public String id() {
        return id;
    }

    /** The kind with this {@link #id()}, if any (case is ignored). */
    public static Optional<ProviderKind> fromId(String id) {
        String wanted = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (ProviderKind k : values()) {
            if (k.id.equals(wanted)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
