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
     * @param hardwareClass the part's class ({@link AssetClass})
     * @param ageMonths     months since purchase, 0 or more
     * @return the share of the purchase price it sells for, 0 to 1, never rising with age
     */
    double fraction(String hardwareClass, double ageMonths);
}
