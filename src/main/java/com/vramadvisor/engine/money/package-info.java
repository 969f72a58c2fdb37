/**
 * The money facts of the catalog ({@code catalog/money.json}): electricity price, power usage effectiveness,
 * colocation price, cluster network cost and depreciation curves per hardware class, each dated and with its source
 * ({@code docs/catalog.md}, "Money"). Pure data records; the cost model that uses them lives elsewhere.
 */
package com.vramadvisor.engine.money;
