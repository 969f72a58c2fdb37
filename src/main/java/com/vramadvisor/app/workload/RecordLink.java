package com.vramadvisor.app.workload;

import com.vramadvisor.scenario.DomainInputs;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.Property;

/**
 * Ties the properties of one kind's form to that kind's record inside the scenario's {@link DomainInputs}: a control
 * that changes a property replaces just that field of the record (one snapshot per change), and a new record from
 * outside (undo, File &gt; Open, File &gt; New) sets every property back. A value the record refuses leaves the
 * record as it was and the property shows the record's value again.
 *
 * @param <R> the kind's record ({@code VisionInputs}, ...)
 */
final class RecordLink<R> {

    private final ObjectProperty<DomainInputs> domain;
    private final Function<DomainInputs, R> part;
    private final BiFunction<DomainInputs, R, DomainInputs> withPart;
    private final List<Runnable> refreshers = new ArrayList<>();
    private boolean refreshing;

    RecordLink(ObjectProperty<DomainInputs> domain, Function<DomainInputs, R> part,
               BiFunction<DomainInputs, R, DomainInputs> withPart) {
        this.domain = domain;
        this.part = part;
        this.withPart = withPart;
        domain.addListener(obs -> refresh());
    }

    /** Links {@code property} to one field of the record: {@code get} reads it, {@code with} replaces it. */
    <T> void link(Property<T> property, Function<R, T> get, BiFunction<R, T, R> with) {
        Runnable refresher = () -> property.setValue(get.apply(record()));
        refreshers.add(refresher);
        refreshing = true;
        try {
            refresher.run();
        } finally {
            refreshing = false;
        }
        property.addListener((obs, old, now) -> {
            if (refreshing || now == null) {
                return;
            }
            R changed;
            try {
                changed = with.apply(record(), now);
            } catch (IllegalArgumentException e) {
                refresh();
                return;
            }
            domain.set(withPart.apply(domain.get(), changed));
        });
    }

    /** The kind's record as the scenario holds it now. */
    R record() {
        return part.apply(domain.get());
    }

    private void refresh() {
        refreshing = true;
        try {
            refreshers.forEach(Runnable::run);
        } finally {
            refreshing = false;
        }
    }
}
