package com.vramadvisor.engine.hardware;

import java.util.Locale;
import java.util.Optional;

/** Whether a rented instance can be taken away before the renter stops it. */
public enum Interruption {
    /** Runs until the renter stops it (the provider's usual maintenance aside). */
    NONE("none"),
    /** The provider takes the instance back when it needs the capacity (spot, preemptible, interruptible bids). */
    RECLAIMABLE("reclaimable"),
    /** A third party's machine: it stops when its host goes offline or ends the rental, with no service level. */
    HOST_DEPENDENT("host-dependent");

    private final String id;

    Interruption(String id) {
        this.id = id;
    }

    /** The name in {@code cloud.json}. */
    public String id() {
        return id;
    }

    /** The interruption with this {@link #id()}, if any (case is ignored). */
    public static Optional<Interruption> fromId(String id) {
        String wanted = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (Interruption i : values()) {
            if (i.id.equals(wanted)) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }
}
