package com.vramadvisor.engine.money;

/**
 * Resale value of hardware by class and age: the share of its purchase price a used unit sells for
 * ({@code catalog/money.json}'s depreciation curves, each dated and sourced). Implementations are pure functions.
 */
@FunctionalInterface
public interface Residuals {

    /** Nothing resells: every purchase is written off at once. */
    Residuals NONE = (hardwareClass, ageMonths) -> 0;

    /**
     * @param hardwareClass the part's class
     * @param ageMonths     months since purchase, 0 or more
     * @return the share of the purchase price it sells for, 0 to 1, never rising with age
     */
    double fraction(DepreciationClass hardwareClass, double ageMonths);

    /**
     * The catalog's curves ({@link MoneyFacts#curve}); a class without a curve resells for nothing, so that no
     * purchase looks cheaper than the facts show.
     */
    static Residuals of(MoneyFacts facts) {
        return (cls, months) -> facts.curve(cls).map(c -> c.residualFraction(months)).orElse(0.0);
    }
}
