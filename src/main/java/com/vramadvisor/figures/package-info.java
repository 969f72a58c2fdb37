/**
 * How a duration and an amount of money read, the same in the command line's tables, the window's decision tables,
 * the reports and their summaries: {@link com.vramadvisor.figures.DurationText} picks seconds, minutes, hours, days
 * or years by size, {@link com.vramadvisor.figures.MoneyText} shows cents below $10 and whole dollars above, and
 * "&lt; $0.01" below a cent, at the precision the decision tables rank by
 * ({@link com.vramadvisor.engine.ranking.JobCostOrder}). Words come from the bundle
 * {@code com/vramadvisor/figures/figures} in English and Simplified Chinese. Both classes are immutable and safe to
 * use from the ranking thread and the FX thread at once.
 */
package com.vramadvisor.figures;
