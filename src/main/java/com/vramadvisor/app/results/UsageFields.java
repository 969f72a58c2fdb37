package com.vramadvisor.app.results;

import com.vramadvisor.app.workload.NumberParser;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.RankingOptions;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * How bought hardware will be used, as the decision table asks it: "this job only" (the default: the hardware is
 * bought for the job and sold when it ends), or busy a utilisation U (percent) of the time for Y years, the job
 * carrying its share of the cost of ownership ({@link Usage}, {@link RankingOptions#usage()}). A scenario input like
 * the token budget: the two numbers apply on commit (Enter, leaving a field), the check box at once, each one undoable
 * change of the scenario; they show the scenario's usage whenever it changes. An empty utilisation reads as 100 % and
 * empty years as {@value RankingOptions#DEFAULT_BREAK_EVEN_YEARS}, as the command line's {@code --utilization} and
 * {@code --years} default to each other.
 */
public final class UsageFields {

    private final ResultsMessages messages;
    private final Consumer<String> report;
    private final ObjectProperty<Usage> usage = new SimpleObjectProperty<>(this, "usage", Usage.JOB_ONLY);
    private final BooleanProperty jobOnly = new SimpleBooleanProperty(this, "jobOnly", true);
    private final StringProperty utilizationText = new SimpleStringProperty(this, "utilizationText", "");
    private final StringProperty yearsText = new SimpleStringProperty(this, "yearsText", "");
    private boolean showing;

    UsageFields(ResultsMessages messages, Consumer<String> report) {
        this.messages = messages;
        this.report = report;
        usage.addListener((obs, old, now) -> revert());
        jobOnly.addListener((obs, was, now) -> {
            if (!showing) {
                commit();
            }
        });
        revert();
    }

    /**
     * Applies the check box and the typed numbers: this job only, or a utilisation above 0 and at most 100 % and
     * years above 0 and at most {@value Usage#MAX_YEARS}; anything else says what is wrong and keeps the usage.
     *
     * @return whether the usage was applied
     */
    public boolean commit() {
        if (jobOnly.get()) {
            report.accept("");
            usage.set(Usage.JOB_ONLY);
            revert();
            return true;
        }
        String u = utilizationText.get() == null ? "" : utilizationText.get().strip().replace("%", "").strip();
        String y = yearsText.get() == null ? "" : yearsText.get().strip();
        OptionalDouble percent = u.isEmpty() ? OptionalDouble.of(100) : NumberParser.parseDecimal(u);
        OptionalDouble years = y.isEmpty() ? OptionalDouble.of(RankingOptions.DEFAULT_BREAK_EVEN_YEARS)
                : NumberParser.parseDecimal(y);
        if (percent.isEmpty() || !(percent.getAsDouble() > 0 && percent.getAsDouble() <= 100)) {
            report.accept(messages.get("results.usage.utilization.invalid", u));
            return false;
        }
        if (years.isEmpty() || !(years.getAsDouble() > 0 && years.getAsDouble() <= Usage.MAX_YEARS)) {
            report.accept(messages.get("results.usage.years.invalid", y));
            return false;
        }
        report.accept("");
        usage.set(Usage.of(percent.getAsDouble() / 100, years.getAsDouble()));
        revert();
        return true;
    }

    /** Shows the scenario's usage again, dropping what was typed (Escape). */
    public void revert() {
        showing = true;
        try {
            Usage u = usage.get();
            jobOnly.set(u.jobOnly());
            utilizationText.set(u.jobOnly() ? "" : messages.decimal(u.utilization() * 100,
                    whole(u.utilization() * 100) ? 0 : 1));
            yearsText.set(u.jobOnly() ? "" : messages.decimal(u.years(), whole(u.years()) ? 0 : 1));
        } finally {
            showing = false;
        }
    }

    private static boolean whole(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-9;
    }

    /**
     * The scenario's usage. The application binds it to the workload view-model's, so a commit edits the scenario
     * and a scenario opened, undone or restored shows here; the ranking reads the usage from the scenario snapshot.
     */
    public ObjectProperty<Usage> usageProperty() {
        return usage;
    }

    /** Whether bought hardware serves this job only; applied at once when changed. */
    public BooleanProperty jobOnlyProperty() {
        return jobOnly;
    }

    /** Percent of the time the hardware is busy, as typed ({@code 60}, {@code 37.5}); empty when this job only. */
    public StringProperty utilizationTextProperty() {
        return utilizationText;
    }

    /** Years the hardware is kept busy, as typed ({@code 3}, {@code 1.5}); empty when this job only. */
    public StringProperty yearsTextProperty() {
        return yearsText;
    }
}
